import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection, type Model, Types } from 'mongoose';
import { databaseOf, declaredModel } from '../../database/declared-model.js';
import { insertedFirst, isDuplicateKeyError, upsertRacing } from '../../database/duplicate-key.js';
import type { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import { ReadModelStore } from '../../database/read-models/index.js';
import { schemaIndexesBeforeFirstWrite } from '../../database/schema-indexes.js';
import { EMPTY_WALLET } from '../domain/creator-wallet.js';
import { CreatorWalletReadModel } from './creator-wallet-read-model.js';
import { WalletLinesPages } from './wallet-lines-pages.js';
import {
  creatorBalancesPipeline,
  documentOf,
  type LedgerDocument,
  ledgerFeedSchema,
  LedgerTransactionRecord,
  LedgerTransactionSchema,
  toTransaction,
} from './ledger-document.js';
import {
  BalanceCheckpointRecord,
  BalanceCheckpointSchema,
  CHECKPOINT_LAG_MS,
  PENDING_ABANDONED_MS,
  PENDING_GRACE_MS,
  PendingLedgerChangeRecord,
  PendingLedgerChangeSchema,
} from './ledger-records.js';
import { isBalancedTransaction } from '../domain/balanced-transaction.js';
import { creatorAccountKindOf, UnbalancedTransactionError } from '../domain/ledger-transaction.js';
import {
  type CreatorBalances,
  type CreatorLedgerLine,
  type CreatorLinesQuery,
  type CreatorAccountKind,
  creatorAccount,
  LedgerAudit,
  LedgerReader,
  type LedgerTransaction,
  LedgerWriter,
  type BalancedTransaction,
  type TransactionKind,
  CreatorWalletReader,
  type CreatorWalletView,
  LEDGER_FOLLOWERS,
  LedgerFeed,
  type LedgerFollower,
  type WalletLinesPage,
  type WalletLinesQuery,
} from '../ledger.contract.js';

export { LEDGER_COLLECTION } from './ledger-document.js';
export { CHECKPOINT_LAG_MS } from './ledger-records.js';
/** What the ledger needs of the settings: the secret that signs its page cursors. */
export interface LedgerCursorSettings {
  readonly auth: { readonly jwtSecret: string };
}

/** The smallest ObjectId hex made at `at` (its timestamp, then zeros). */
function idAt(at: Date): string {
  return Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0')
    .concat('0000000000000000');
}

/**
 * The ledger in `ledger_transactions` (ADR 0042): append-only (this adapter has no update or
 * delete), one document per transaction holding all its lines, unique by `eventKey`, so a
 * transaction is written whole or not at all and a retried or duplicated event cannot write it
 * twice. Balances are derived from the lines by aggregation.
 */
@Injectable()
export class MongoLedger
  implements LedgerWriter, LedgerReader, LedgerAudit, CreatorWalletReader, LedgerFeed
{
  private readonly transactions: Model<LedgerTransactionRecord>;
  private readonly checkpoints: Model<BalanceCheckpointRecord>;
  private readonly pending: Model<PendingLedgerChangeRecord>;
  private readonly indexes: IndexesBeforeFirstWrite;
  readonly wallets: CreatorWalletReadModel;
  private readonly pages: WalletLinesPages;
  private readonly feeds: ReadonlyMap<LedgerFollower, Model<LedgerTransactionRecord>>;

  /**
   * Built on the connection (not injected models): the read-model commands and other modules'
   * specs make a ledger of their own on a connection; the models are declared on it once.
   */
  constructor(
    @InjectConnection() connection: Connection,
    @Inject(APP_CONFIG) config: LedgerCursorSettings,
  ) {
    const cursorSecret = config.auth.jwtSecret;
    this.transactions = declaredModel(
      connection,
      LedgerTransactionRecord.name,
      LedgerTransactionSchema,
    );
    this.pending = declaredModel(
      connection,
      PendingLedgerChangeRecord.name,
      PendingLedgerChangeSchema,
    );
    this.checkpoints = declaredModel(
      connection,
      BalanceCheckpointRecord.name,
      BalanceCheckpointSchema,
    );
    this.feeds = new Map(
      (Object.keys(LEDGER_FOLLOWERS) as LedgerFollower[]).map((follower) => [
        follower,
        declaredModel(connection, `LedgerFeed:${follower}`, ledgerFeedSchema(follower)),
      ]),
    );
    this.wallets = new CreatorWalletReadModel(new ReadModelStore(databaseOf(connection)));
    this.pages = new WalletLinesPages(this.wallets, cursorSecret);
    this.indexes = schemaIndexesBeforeFirstWrite(this.transactions);
  }

  async record(
    transaction: BalancedTransaction,
  ): Promise<{ transaction: LedgerTransaction; created: boolean }> {
    // The type already says so; this catches a cast or a caller without types.
    if (!isBalancedTransaction(transaction)) throw new UnbalancedTransactionError();
    await this.indexes.ensure();
    await this.pending
      .create({
        _id: transaction.eventKey,
        creatorId: transaction.creatorId,
        createdAt: new Date(),
      })
      .catch((error: unknown) => {
        if (!isDuplicateKeyError(error)) throw error;
      });
    const recorded = await this.append(transaction);
    // Applied whether or not this call wrote it: a retried event heals a wallet or a feed a crash
    // left behind.
    await this.wallets.apply([recorded.transaction]);
    await this.feed(recorded.transaction);
    await this.pending.deleteOne({ _id: transaction.eventKey }).exec();
    return recorded;
  }

  /** Into the feed of each follower of its kind (idempotent: keyed by the transaction's id). */
  private async feed(transaction: LedgerTransaction): Promise<void> {
    const entry = documentOf(transaction.id, transaction);
    for (const [follower, kinds] of Object.entries(LEDGER_FOLLOWERS)) {
      if ((kinds as readonly string[]).includes(transaction.kind))
        await insertedFirst(() => this.feedOf(follower as LedgerFollower).create(entry));
    }
  }

  private feedOf(follower: LedgerFollower): Model<LedgerTransactionRecord> {
    const model = this.feeds.get(follower);
    if (!model) throw new Error(`No ledger feed for ${follower}`);
    return model;
  }

  async next(follower: LedgerFollower, limit: number): Promise<LedgerTransaction[]> {
    const entries = await this.feedOf(follower)
      .find({})
      .sort({ _id: 1 })
      .limit(limit)
      .lean<LedgerDocument[]>()
      .exec();
    return entries.map(toTransaction);
  }

  async taken(follower: LedgerFollower, transactionIds: readonly string[]): Promise<void> {
    if (transactionIds.length === 0) return;
    await this.feedOf(follower)
      .deleteMany({ _id: { $in: [...transactionIds] } })
      .exec();
  }

  private async append(
    transaction: BalancedTransaction,
  ): Promise<{ transaction: LedgerTransaction; created: boolean }> {
    const document = documentOf(new Types.ObjectId().toHexString(), transaction);
    if (await insertedFirst(() => this.transactions.create(document)))
      return { transaction: toTransaction(document), created: true };
    const first = await this.byEventKey(transaction.eventKey);
    if (!first) throw new Error('A duplicate ledger event key whose transaction is not readable');
    return { transaction: toTransaction(first), created: false };
  }

  /**
   * The creator's balances: their checkpoint (if any) plus the lines after it, one aggregation
   * over the few transactions since (index `creator_id`). Without a checkpoint, over every line.
   */
  async balancesOf(creatorId: string): Promise<CreatorBalances> {
    const checkpoint = await this.checkpointOf(creatorId);
    const since = await this.sums(creatorId, { after: checkpoint?.throughId });
    return {
      heldPaise: (checkpoint?.heldPaise ?? 0) + since.heldPaise,
      releasingPaise: (checkpoint?.releasingPaise ?? 0) + since.releasingPaise,
      paidOutPaise: (checkpoint?.paidOutPaise ?? 0) + since.paidOutPaise,
    };
  }

  private async sums(
    creatorId: string,
    ids: { after?: string | undefined; through?: string | undefined },
  ): Promise<CreatorBalances> {
    const totals = await this.transactions
      .aggregate<{ _id: string; totalPaise: number }>(
        creatorBalancesPipeline(creatorId, {
          ...(ids.after !== undefined && { after: ids.after }),
          ...(ids.through !== undefined && { through: ids.through }),
        }),
      )
      .exec();
    const balance = (kind: CreatorAccountKind) =>
      totals.find(({ _id }) => _id === creatorAccount(creatorId, kind))?.totalPaise ?? 0;
    return {
      heldPaise: balance('held'),
      releasingPaise: balance('releasing'),
      paidOutPaise: balance('paid_out'),
    };
  }

  /**
   * Rebuilds the creator's checkpoint from every line up to CHECKPOINT_LAG_MS ago, and checks the
   * old one: the old checkpoint plus the lines between must equal the rebuilt sums (false when
   * they do not: the checkpoint was wrong, and is replaced by the rebuilt one).
   */
  async rebuildCheckpoint(creatorId: string, now: Date): Promise<boolean> {
    const throughId = idAt(new Date(now.getTime() - CHECKPOINT_LAG_MS));
    const old = await this.checkpointOf(creatorId);
    const rebuilt = await this.sums(creatorId, { through: throughId });
    let consistent = true;
    if (old && old.throughId <= throughId) {
      const between = await this.sums(creatorId, { after: old.throughId, through: throughId });
      consistent =
        old.heldPaise + between.heldPaise === rebuilt.heldPaise &&
        old.releasingPaise + between.releasingPaise === rebuilt.releasingPaise &&
        old.paidOutPaise + between.paidOutPaise === rebuilt.paidOutPaise;
    }
    // Two reconciliations (instances) may write a creator's first checkpoint at once.
    await upsertRacing(() =>
      this.checkpoints
        .replaceOne({ _id: creatorId }, { throughId, ...rebuilt, builtAt: now }, { upsert: true })
        .exec(),
    );
    return consistent;
  }

  async creatorsWithTransactions(): Promise<string[]> {
    const ids: unknown[] = await this.transactions.distinct('creatorId').exec();
    return ids.filter((id): id is string => typeof id === 'string');
  }

  /**
   * The creator's lines, newest first, each with its account's running balance after it. The
   * running balances need every earlier line, so all of the creator's transactions are read in
   * order (index `creator_at`) and the filters apply afterwards.
   */
  async creatorLines(
    query: CreatorLinesQuery,
  ): Promise<{ items: CreatorLedgerLine[]; total: number }> {
    const documents = await this.transactions
      .find({ creatorId: query.creatorId }, { accounts: 0, eventKey: 0, creatorId: 0 })
      .sort({ at: 1, _id: 1 })
      .lean<Omit<LedgerDocument, 'accounts' | 'eventKey' | 'creatorId'>[]>()
      .exec();
    const running = new Map<CreatorAccountKind, number>();
    const lines: CreatorLedgerLine[] = [];
    for (const document of documents) {
      for (const line of document.lines) {
        const account = creatorAccountKindOf(line.account, query.creatorId);
        if (!account) continue;
        const balanceAfterPaise = (running.get(account) ?? 0) + line.amountPaise;
        running.set(account, balanceAfterPaise);
        lines.push({
          transactionId: document._id,
          at: document.at,
          kind: document.kind,
          dealId: document.dealId,
          milestoneId: document.milestoneId,
          account,
          amountPaise: line.amountPaise,
          balanceAfterPaise,
        });
      }
    }
    const matching = lines
      .filter(
        (line) =>
          (query.dealId === undefined || line.dealId === query.dealId) &&
          (query.kind === undefined || line.kind === query.kind) &&
          (query.from === undefined || line.at.getTime() >= query.from.getTime()) &&
          (query.to === undefined || line.at.getTime() < query.to.getTime()),
      )
      .reverse();
    const start = (query.page - 1) * query.pageSize;
    return { items: matching.slice(start, start + query.pageSize), total: matching.length };
  }

  /**
   * The creator's wallet from its read model: one point read of the head (and, only when a change
   * of theirs is pending, the small pending collection; a crash's leftover is applied on the way).
   */
  async walletOf(creatorId: string): Promise<CreatorWalletView> {
    const pendingChanges = await this.pendingOf(creatorId);
    const head = await this.wallets.head(creatorId);
    return {
      state: head.state ?? EMPTY_WALLET,
      asOf: head.updatedAt,
      pendingChanges: pendingChanges + (head.applying ? 1 : 0),
    };
  }

  /** A page of the creator's lines, newest first, from the read model (see WalletLinesPages). */
  async walletLines(query: WalletLinesQuery): Promise<WalletLinesPage> {
    return this.pages.page(query, await this.walletOf(query.creatorId));
  }

  /**
   * Applies the changes a crash left pending (older than PENDING_GRACE_MS) to the wallets and the
   * followers' feeds; answers how many the wallets took.
   */
  async followPending(now = new Date(), creatorId?: string): Promise<number> {
    const stale = await this.pending
      .find({
        createdAt: { $lt: new Date(now.getTime() - PENDING_GRACE_MS) },
        ...(creatorId !== undefined && { creatorId }),
      })
      .lean<PendingLedgerChangeRecord[]>()
      .exec();
    let applied = 0;
    for (const change of stale) {
      const recorded = await this.byEventKey(change._id);
      if (recorded) {
        applied += await this.wallets.apply([toTransaction(recorded)]);
        await this.feed(toTransaction(recorded));
      }
      if (recorded || change.createdAt.getTime() < now.getTime() - PENDING_ABANDONED_MS)
        await this.pending.deleteOne({ _id: change._id }).exec();
    }
    return applied;
  }

  private async pendingOf(creatorId: string): Promise<number> {
    const pending = await this.pending
      .find({ creatorId })
      .lean<PendingLedgerChangeRecord[]>()
      .exec();
    if (pending.length === 0) return 0;
    await this.followPending(new Date(), creatorId);
    return this.pending.countDocuments({ creatorId }).exec();
  }

  /** Every transaction after `afterId` in id order, `batchSize` at a time, in one read. */
  async *batchesAfter(
    afterId: string | null,
    batchSize: number,
  ): AsyncGenerator<LedgerTransaction[]> {
    const cursor = this.transactions
      .find(afterId !== null ? { _id: { $gt: afterId } } : {}, { accounts: 0 })
      .sort({ _id: 1 })
      .batchSize(batchSize)
      .lean<LedgerDocument>()
      .cursor();
    let batch: LedgerTransaction[] = [];
    for await (const document of cursor) {
      batch.push(toTransaction(document));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async transactionsOfKind(
    kind: TransactionKind,
    afterId: string | null,
    limit: number,
  ): Promise<LedgerTransaction[]> {
    const documents = await this.transactions
      .find({ kind, ...(afterId !== null && { _id: { $gt: afterId } }) })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<LedgerDocument[]>()
      .exec();
    return documents.map(toTransaction);
  }

  async transactionsOfDeal(dealId: string): Promise<LedgerTransaction[]> {
    const documents = await this.transactions
      .find({ dealId })
      .sort({ _id: 1 })
      .lean<LedgerDocument[]>()
      .exec();
    return documents.map(toTransaction);
  }

  everyTransaction(batchSize: number): AsyncIterable<readonly LedgerTransaction[]> {
    return this.batchesAfter(null, batchSize);
  }

  async accountBalances(): Promise<ReadonlyMap<string, number>> {
    const totals = await this.transactions
      .aggregate<{ _id: string; totalPaise: number }>([
        { $unwind: '$lines' },
        { $group: { _id: '$lines.account', totalPaise: { $sum: '$lines.amountPaise' } } },
      ])
      .exec();
    return new Map(totals.map(({ _id, totalPaise }) => [_id, totalPaise]));
  }

  private byEventKey(eventKey: string): Promise<LedgerDocument | null> {
    return this.transactions.findOne({ eventKey }).lean<LedgerDocument>().exec();
  }

  private checkpointOf(creatorId: string): Promise<BalanceCheckpointRecord | null> {
    return this.checkpoints.findById(creatorId).lean<BalanceCheckpointRecord>().exec();
  }
}
