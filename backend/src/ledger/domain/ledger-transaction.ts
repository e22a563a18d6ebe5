import { describedError } from '../../common/domain/domain.error.js';

/**
 * The ledger's vocabulary: transaction kinds, account names, lines. Accounts (the name encodes its
 * owner):
 * - `brand:<dealId>:paid`          money the brand paid for the deal (its source; goes negative);
 * - `creator:<creatorId>:held`     funded, on hold at the gateway, not yet approved;
 * - `creator:<creatorId>:releasing` approved, hold lifted, not yet settled;
 * - `creator:<creatorId>:paid_out`  settled to the creator's bank account;
 * - `brand:<dealId>:refunded`      money returned to the brand;
 * - `paylock:fees`                 Paylock's fee (a setting, default 0).
 */

export const TRANSACTION_KINDS = ['funded', 'released', 'settled', 'refunded'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const CREATOR_ACCOUNT_KINDS = ['held', 'releasing', 'paid_out'] as const;
export type CreatorAccountKind = (typeof CREATOR_ACCOUNT_KINDS)[number];

export const creatorAccount = (creatorId: string, kind: CreatorAccountKind): string =>
  `creator:${creatorId}:${kind}`;
export const brandPaidAccount = (dealId: string): string => `brand:${dealId}:paid`;
export const brandRefundedAccount = (dealId: string): string => `brand:${dealId}:refunded`;
export const FEES_ACCOUNT = 'paylock:fees';

export interface LedgerLine {
  readonly account: string;
  /** Signed paise: + debit, − credit. */
  readonly amountPaise: number;
}

export interface LedgerTransaction {
  readonly id: string;
  /** The event that caused it (a gateway event id, or deal + milestone + action): unique. */
  readonly eventKey: string;
  readonly kind: TransactionKind;
  readonly creatorId: string;
  readonly dealId: string;
  readonly milestoneId: string;
  readonly at: Date;
  readonly lines: readonly LedgerLine[];
}

export type NewLedgerTransaction = Omit<LedgerTransaction, 'id'>;

/** A transaction that does not balance, or carries something other than whole paise. */
export class UnbalancedTransactionError extends describedError(
  'LEDGER_TRANSACTION_UNBALANCED',
  'A ledger transaction must have at least two lines of whole, non-zero paise that sum to zero.',
) {}

/** The longest account name and event key the ledger stores. */
export const MAX_ACCOUNT_LENGTH = 200;
export const MAX_EVENT_KEY_LENGTH = 200;

/**
 * Whether `lines` make a balanced double-entry transaction: at least two lines, each a safe
 * integer of paise other than zero, on a named account, summing to exactly zero.
 */
export function isBalanced(lines: readonly LedgerLine[]): boolean {
  if (lines.length < 2) return false;
  let sum = 0;
  for (const { account, amountPaise } of lines) {
    if (typeof account !== 'string' || account === '' || account.length > MAX_ACCOUNT_LENGTH) {
      return false;
    }
    if (!Number.isSafeInteger(amountPaise) || amountPaise === 0) return false;
    sum += amountPaise;
    if (!Number.isSafeInteger(sum)) return false;
  }
  return sum === 0;
}

/** The creator account kind an account name stands for, if it is `creatorId`'s. */
export function creatorAccountKindOf(
  account: string,
  creatorId: string,
): CreatorAccountKind | undefined {
  const prefix = `creator:${creatorId}:`;
  if (!account.startsWith(prefix)) return undefined;
  const kind = account.slice(prefix.length);
  return (CREATOR_ACCOUNT_KINDS as readonly string[]).includes(kind)
    ? (kind as CreatorAccountKind)
    : undefined;
}

/** Every distinct account a transaction touches (stored beside the lines, for indexed reads). */
export function accountsOf(lines: readonly LedgerLine[]): string[] {
  return [...new Set(lines.map(({ account }) => account))];
}
