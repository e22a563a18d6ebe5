/**
 * How SMS_HOURLY_BUDGET is shared out (#36): a stranger who spends the general share can neither
 * stop the sign-ins of numbers that have an account nor answer everyone else with a refusal.
 *
 * - general: any code, no questions asked;
 * - knownNumbers: once the general share is spent, codes to numbers that have a brand account;
 * - challenged: once the general share is spent, codes to other numbers, each for a solved
 *   proof-of-work challenge.
 *
 * Every share is at least one SMS; together they are the hourly budget (for a budget of 3 or more).
 */
export interface SmsBudgetShares {
  readonly general: number;
  readonly knownNumbers: number;
  readonly challenged: number;
}

export type SmsBudgetPool = keyof SmsBudgetShares;

/** The share of the hourly budget kept for numbers with an account, and for challenged ones. */
export const RESERVED_SHARE = 0.2;

export function smsBudgetShares(hourlyBudget: number): SmsBudgetShares {
  const reserved = Math.max(1, Math.round(hourlyBudget * RESERVED_SHARE));
  return {
    general: Math.max(1, hourlyBudget - 2 * reserved),
    knownNumbers: reserved,
    challenged: reserved,
  };
}

/**
 * The general share's SMS whose sending alerts admins: half the hourly budget is spent (or the
 * general share's last, for a budget too small to have half of it there).
 */
export function halfBudgetMark(hourlyBudget: number): number {
  return Math.min(smsBudgetShares(hourlyBudget).general, Math.ceil(hourlyBudget / 2));
}
