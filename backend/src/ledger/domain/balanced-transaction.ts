import {
  isBalanced,
  type LedgerLine,
  type NewLedgerTransaction,
  MAX_EVENT_KEY_LENGTH,
  TRANSACTION_KINDS,
  type TransactionKind,
  UnbalancedTransactionError,
} from './ledger-transaction.js';

/**
 * A transaction the ledger may record: at least two lines of whole, non-zero paise on named
 * accounts that sum to zero, a known kind, an event key and a valid time. Frozen once made.
 * The class is not exported and its private field makes the type nominal, so a plain object
 * (or a spread of a balanced one with other lines) is not one: `balancedTransaction()` is the
 * only way to make one, and the ledger's writer takes nothing else.
 */
class Balanced implements NewLedgerTransaction {
  readonly #balanced = true;
  readonly eventKey: string;
  readonly kind: TransactionKind;
  readonly creatorId: string;
  readonly dealId: string;
  readonly milestoneId: string;
  readonly at: Date;
  readonly lines: readonly LedgerLine[];

  constructor(transaction: NewLedgerTransaction) {
    this.eventKey = transaction.eventKey;
    this.kind = transaction.kind;
    this.creatorId = transaction.creatorId;
    this.dealId = transaction.dealId;
    this.milestoneId = transaction.milestoneId;
    this.at = new Date(transaction.at.getTime());
    this.lines = Object.freeze(
      transaction.lines.map(({ account, amountPaise }) => Object.freeze({ account, amountPaise })),
    );
    Object.freeze(this);
  }

  /** Whether `value` was made by balancedTransaction() (not merely shaped like one). */
  static made(value: unknown): value is Balanced {
    return typeof value === 'object' && value !== null && #balanced in value;
  }
}

export type BalancedTransaction = Balanced;

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
  return new Balanced(transaction);
}

/** Whether `value` came from balancedTransaction(): for a writer's last check at run time. */
export const isBalancedTransaction = (value: unknown): value is BalancedTransaction =>
  Balanced.made(value);
