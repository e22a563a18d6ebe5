/**
 * The ledger's contract face (issue #26, item 6): a double-entry, append-only journal of every
 * movement of money. One document per transaction holding all its lines, unique by the event that
 * caused it, so it is written whole or not at all without multi-document transactions. Balances
 * are derived from the lines. Amounts are integer paise; a line's amount is signed (+ debit,
 * − credit) and every transaction's lines sum to zero.
 *
 * Accounts (the name encodes its owner):
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

export interface CreatorBalances {
  readonly heldPaise: number;
  readonly releasingPaise: number;
  readonly paidOutPaise: number;
}

/** Appends transactions; a second write with the same event key is a no-op returning the first. */
export abstract class LedgerWriter {
  abstract record(
    transaction: NewLedgerTransaction,
  ): Promise<{ transaction: LedgerTransaction; created: boolean }>;
}

export interface CreatorLinesQuery {
  readonly creatorId: string;
  readonly dealId?: string;
  readonly kind?: TransactionKind;
  readonly from?: Date;
  readonly to?: Date;
  readonly page: number;
  readonly pageSize: number;
}

/** One line of a creator's account, with the account's running balance after it. */
export interface CreatorLedgerLine {
  readonly transactionId: string;
  readonly at: Date;
  readonly kind: TransactionKind;
  readonly dealId: string;
  readonly milestoneId: string;
  readonly account: CreatorAccountKind;
  readonly amountPaise: number;
  readonly balanceAfterPaise: number;
}

export abstract class LedgerReader {
  abstract balancesOf(creatorId: string): Promise<CreatorBalances>;
  abstract creatorLines(
    query: CreatorLinesQuery,
  ): Promise<{ items: CreatorLedgerLine[]; total: number }>;
  /** Transactions of one kind recorded after `afterId` (ascending), for workers that follow the ledger. */
  abstract transactionsOfKind(
    kind: TransactionKind,
    afterId: string | null,
    limit: number,
  ): Promise<LedgerTransaction[]>;
}

/**
 * What the payments module and the reconciliation job read besides a creator's view: every
 * transaction of a deal, and the whole journal in id order (the reconciliation's walk).
 */
export abstract class LedgerAudit {
  abstract transactionsOfDeal(dealId: string): Promise<LedgerTransaction[]>;
  /** Every transaction after `afterId` (ascending ids), `limit` at a time. */
  abstract transactionsAfter(afterId: string | null, limit: number): Promise<LedgerTransaction[]>;
  /** The balance of each account over the whole journal (a balanced journal sums to zero). */
  abstract accountBalances(): Promise<ReadonlyMap<string, number>>;
  /** Every creator with a transaction. */
  abstract creatorsWithTransactions(): Promise<string[]>;
  /**
   * Rebuilds the creator's cached balances (a checkpoint) from their lines and checks the previous
   * one against them: false when it was wrong (it is replaced either way).
   */
  abstract rebuildCheckpoint(creatorId: string, now: Date): Promise<boolean>;
}
