import {
  isBalanced,
  type NewLedgerTransaction,
  MAX_EVENT_KEY_LENGTH,
  TRANSACTION_KINDS,
  UnbalancedTransactionError,
} from './ledger-transaction.js';

/** What only balancedTransaction() makes: its private field makes the type nominal. */
class Made {
  readonly #balanced = true;

  static is(value: unknown): value is Made {
    return typeof value === 'object' && value !== null && #balanced in value;
  }
}

/**
 * A transaction the ledger may record: at least two lines of whole, non-zero paise on named
 * accounts that sum to zero, a known kind, an event key and a valid time; frozen once made. A plain
 * object (or a spread of a balanced one with other lines) lacks `Made`'s private field, so it is
 * not one: `balancedTransaction()` is the only way to make one, and the ledger's writer takes
 * nothing else.
 */
export type BalancedTransaction = NewLedgerTransaction & Made;

/**
 * The one constructor of what the ledger records: a frozen copy of `transaction`, or
 * UnbalancedTransactionError when its lines do not balance (fewer than two, a zero, a fraction or
 * an unsafe integer of paise, an unnamed account, a non-zero sum) or its kind, event key or time
 * is not valid.
 */
export function balancedTransaction(transaction: NewLedgerTransaction): BalancedTransaction {
  if (
    !isBalanced(transaction.lines) ||
    !TRANSACTION_KINDS.includes(transaction.kind) ||
    transaction.eventKey === '' ||
    transaction.eventKey.length > MAX_EVENT_KEY_LENGTH ||
    Number.isNaN(transaction.at.getTime())
  ) {
    throw new UnbalancedTransactionError();
  }
  const { eventKey, kind, creatorId, dealId, milestoneId, at, lines } = transaction;
  const made = Object.assign(new Made(), {
    eventKey,
    kind,
    creatorId,
    dealId,
    milestoneId,
    at: new Date(at.getTime()),
    lines: Object.freeze(
      lines.map(({ account, amountPaise }) => Object.freeze({ account, amountPaise })),
    ),
  });
  Object.freeze(made);
  return made;
}

/** Whether `value` came from balancedTransaction(): for a writer's last check at run time. */
export const isBalancedTransaction = (value: unknown): value is BalancedTransaction =>
  Made.is(value);
