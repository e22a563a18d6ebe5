import { describedError } from '../../common/domain/domain.error.js';
import {
  CREATOR_ACCOUNT_KINDS,
  type CreatorAccountKind,
  type LedgerLine,
  type NewLedgerTransaction,
  TRANSACTION_KINDS,
} from '../ledger.contract.js';

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

/** Throws UnbalancedTransactionError unless `transaction` may be written to the ledger. */
export function assertRecordable(transaction: NewLedgerTransaction): void {
  if (
    !isBalanced(transaction.lines) ||
    !TRANSACTION_KINDS.includes(transaction.kind) ||
    transaction.eventKey === '' ||
    transaction.eventKey.length > MAX_EVENT_KEY_LENGTH ||
    Number.isNaN(transaction.at.getTime())
  ) {
    throw new UnbalancedTransactionError();
  }
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
