/**
 * The ledger's contract face (issue #26, item 6): a double-entry, append-only journal of every
 * movement of money. One document per transaction holding all its lines, unique by the event that
 * caused it, so it is written whole or not at all without multi-document transactions. Balances
 * are derived from the lines. Amounts are integer paise; a line's amount is signed (+ debit,
 * − credit) and every transaction's lines sum to zero.
 *
 * The writer takes only a `BalancedTransaction`, which `balancedTransaction()` alone makes (it
 * throws on anything unbalanced): an unbalanced write does not compile. Accounts, kinds and lines:
 * domain/ledger-transaction.ts.
 */
import type { BalancedTransaction } from './domain/balanced-transaction.js';
import type { CreatorWalletState } from './domain/creator-wallet.js';
import type {
  CreatorAccountKind,
  LedgerTransaction,
  TransactionKind,
} from './domain/ledger-transaction.js';

export {
  brandPaidAccount,
  brandRefundedAccount,
  CREATOR_ACCOUNT_KINDS,
  type CreatorAccountKind,
  creatorAccount,
  FEES_ACCOUNT,
  type LedgerLine,
  type LedgerTransaction,
  type NewLedgerTransaction,
  TRANSACTION_KINDS,
  type TransactionKind,
  UnbalancedTransactionError,
} from './domain/ledger-transaction.js';
export { type BalancedTransaction, balancedTransaction } from './domain/balanced-transaction.js';

export interface CreatorBalances {
  readonly heldPaise: number;
  readonly releasingPaise: number;
  readonly paidOutPaise: number;
}

/**
 * Appends transactions; a second write with the same event key is a no-op returning the first.
 * Only a `BalancedTransaction` is accepted: balanced by construction, not by each writer's care.
 */
export abstract class LedgerWriter {
  abstract record(
    transaction: BalancedTransaction,
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

/**
 * Who follows the ledger's transactions, and of which kinds (#38). Each follower has a feed of its
 * own, written with the transaction and emptied as the follower takes it, so that a pass reads
 * what is new, never the whole journal (on a store that scans, any other read of it costs its
 * whole size: docs/performance.md, "Ledger feeds").
 */
export const LEDGER_FOLLOWERS = {
  invoices: ['released', 'settled'],
  'brand-books': ['funded', 'refunded'],
} as const satisfies Record<string, readonly TransactionKind[]>;

export type LedgerFollower = keyof typeof LEDGER_FOLLOWERS;

/**
 * A follower's feed: the transactions recorded for it and not yet taken, oldest first. Every
 * transaction reaches each feed of its kind at least once (a crash between the journal and the
 * feed is healed with the wallet's pending change); a follower handles each idempotently, then
 * takes it off. Two instances may read the same entries at once: both handle, both take.
 */
export abstract class LedgerFeed {
  abstract next(follower: LedgerFollower, limit: number): Promise<LedgerTransaction[]>;
  abstract taken(follower: LedgerFollower, transactionIds: readonly string[]): Promise<void>;
}

export abstract class LedgerReader {
  abstract balancesOf(creatorId: string): Promise<CreatorBalances>;
  abstract creatorLines(
    query: CreatorLinesQuery,
  ): Promise<{ items: CreatorLedgerLine[]; total: number }>;
  /**
   * Transactions of one kind recorded after `afterId` (ascending): a walk of the whole journal,
   * for rebuilds and for a follower catching up from a position it kept before its feed existed.
   * On a store that scans, each call costs the whole journal: never on a timer.
   */
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
  /**
   * The whole journal in id order, `batchSize` transactions at a time, from one sorted read (on a
   * store that scans, one scan, where paging by `_id` would scan once per page).
   */
  abstract everyTransaction(batchSize: number): AsyncIterable<readonly LedgerTransaction[]>;
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

export type { CreatorWalletState, DealBalances, MonthAmounts } from './domain/creator-wallet.js';
export { indianMonthOf } from './domain/creator-wallet.js';

/** How fresh a read of the wallet read model is (#38). */
export interface WalletFreshness {
  /** When the creator's wallet last took a change (null: it never did). */
  readonly asOf: Date | null;
  /** Ledger changes of the creator recorded but not yet in the wallet (0: it is current). */
  readonly pendingChanges: number;
}

export interface CreatorWalletView extends WalletFreshness {
  readonly state: CreatorWalletState;
}

export interface WalletLinesQuery {
  readonly creatorId: string;
  readonly dealId?: string;
  readonly kind?: TransactionKind;
  readonly from?: Date;
  readonly to?: Date;
  readonly page: number;
  readonly pageSize: number;
  /** An opaque cursor from a previous answer's `nextCursor` (then `page` is not used). */
  readonly cursor?: string;
}

export interface WalletLinesPage extends WalletFreshness {
  readonly items: CreatorLedgerLine[];
  readonly total: number;
  /** The cursor of the next (older) page, null on the last. */
  readonly nextCursor: string | null;
}

/** A page cursor this server did not give to this creator for this list: the API answers 400. */
export class InvalidPageCursorError extends Error {
  constructor() {
    super('cursor is not one this server gave you for this list');
  }
}

/**
 * The creator's wallet as a read model (#38): the balances and each line's running balance kept
 * as the ledger is written, read by key (see infrastructure/creator-wallet-read-model.ts).
 */
export abstract class CreatorWalletReader {
  abstract walletOf(creatorId: string): Promise<CreatorWalletView>;
  abstract walletLines(query: WalletLinesQuery): Promise<WalletLinesPage>;
}
