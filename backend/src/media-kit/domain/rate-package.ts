import {
  checkDealText,
  DEAL_LIMITS,
  DELIVERABLE_KINDS,
  type DeliverableKind,
  MAX_MILESTONE_PAISE,
  MIN_MILESTONE_PAISE,
  type Platform,
  PLATFORMS,
} from '../../deals/deals.contract.js';

export const MAX_PACKAGES = 20;
export const MAX_TURNAROUND_DAYS = 365;
/** A split has as many parts as a deal may have milestones; each part is a whole percentage. */
export const MAX_SPLIT_PARTS = 4;

/**
 * One line of the rate card: what the brand gets (platform, kind, quantity, usage rights and
 * period) and for how much. `priceIsFrom` marks a starting price ("from ₹…"). Order is the
 * card's order; a hidden package stays on the creator's card but not on the public page.
 */
export interface RatePackage {
  readonly id: string;
  readonly title: string;
  readonly platform: Platform;
  readonly kind: DeliverableKind;
  readonly quantity: number;
  readonly usageRights: string;
  readonly usagePeriodDays: number;
  readonly pricePaise: number;
  readonly priceIsFrom: boolean;
  readonly turnaroundDays: number;
  /** Percentages of the price per milestone, in order, adding up to 100 (e.g. [50, 50]). */
  readonly milestoneSplit: readonly number[];
  readonly visible: boolean;
}

export type RatePackageInput = { readonly [K in keyof RatePackage]?: unknown };

function isWhole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function oneOf<T extends string>(value: unknown, list: readonly T[]): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

function splitProblem(split: unknown): string | undefined {
  if (!Array.isArray(split) || split.length < 1 || split.length > MAX_SPLIT_PARTS) {
    return `Milestone split must have 1 to ${String(MAX_SPLIT_PARTS)} parts`;
  }
  if (!split.every((part) => isWhole(part, 1, 100))) {
    return 'Each part of the milestone split must be a whole percentage from 1 to 100';
  }
  const total = split.reduce((sum, part) => sum + part, 0);
  return total === 100 ? undefined : 'The milestone split must add up to 100%';
}

/** Checks one package; its problems are added under `at` (e.g. "packages[2].pricePaise"). */
export function parseRatePackage(
  input: RatePackageInput,
  at: string,
  problems: Record<string, string>,
  id: string,
): RatePackage {
  const add = (field: string, message: string) => (problems[`${at}.${field}`] ??= message);
  const title = checkDealText('title', input.title, { max: DEAL_LIMITS.title, required: true });
  if (title.problem) add('title', title.problem);
  const usage = checkDealText('usageRights', input.usageRights, {
    max: DEAL_LIMITS.usageRights,
    required: true,
  });
  if (usage.problem) add('usageRights', usage.problem);
  if (!oneOf(input.platform, PLATFORMS))
    add('platform', `platform must be one of ${PLATFORMS.join(', ')}`);
  if (!oneOf(input.kind, DELIVERABLE_KINDS))
    add('kind', `kind must be one of ${DELIVERABLE_KINDS.join(', ')}`);
  if (!isWhole(input.quantity, 1, DEAL_LIMITS.maxQuantity)) {
    add('quantity', `quantity must be a whole number from 1 to ${String(DEAL_LIMITS.maxQuantity)}`);
  }
  if (!isWhole(input.usagePeriodDays, 0, DEAL_LIMITS.maxUsagePeriodDays)) {
    add(
      'usagePeriodDays',
      `usagePeriodDays must be a whole number from 0 to ${String(DEAL_LIMITS.maxUsagePeriodDays)}`,
    );
  }
  if (!isWhole(input.pricePaise, MIN_MILESTONE_PAISE, MAX_MILESTONE_PAISE)) {
    add(
      'pricePaise',
      `pricePaise must be whole paise from ${String(MIN_MILESTONE_PAISE)} to ${String(MAX_MILESTONE_PAISE)}`,
    );
  }
  if (!isWhole(input.turnaroundDays, 1, MAX_TURNAROUND_DAYS)) {
    add(
      'turnaroundDays',
      `turnaroundDays must be a whole number from 1 to ${String(MAX_TURNAROUND_DAYS)}`,
    );
  }
  const split = splitProblem(input.milestoneSplit);
  if (split) add('milestoneSplit', split);
  const priced = input.pricePaise as number;
  const parts = input.milestoneSplit as number[];
  if (!split && isWhole(priced, MIN_MILESTONE_PAISE, MAX_MILESTONE_PAISE)) {
    if (parts.some((part) => Math.floor((priced * part) / 100) < MIN_MILESTONE_PAISE)) {
      add('milestoneSplit', 'Each milestone of the split must be at least ₹1');
    }
  }
  return {
    id,
    title: title.text,
    platform: input.platform as Platform,
    kind: input.kind as DeliverableKind,
    quantity: input.quantity as number,
    usageRights: usage.text,
    usagePeriodDays: input.usagePeriodDays as number,
    pricePaise: priced,
    priceIsFrom: input.priceIsFrom === true,
    turnaroundDays: input.turnaroundDays as number,
    milestoneSplit: split ? [] : [...parts],
    visible: input.visible !== false,
  };
}
