import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Collection, type Connection, type mongo, Types } from 'mongoose';
import { createCollectionsAndIndexes } from '../../database/collections-and-indexes.js';
import { isDuplicateKeyError } from '../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../database/indexes-before-first-write.js';
import {
  accountsOf,
  assertRecordable,
  creatorAccountKindOf,
} from '../domain/ledger-transaction.js';
import {
  CREATOR_ACCOUNT_KINDS,
  type CreatorBalances,
  type CreatorLedgerLine,
  type CreatorLinesQuery,
  type CreatorAccountKind,
  creatorAccount,
  LedgerAudit,
  type LedgerLine,
  LedgerReader,
  type LedgerTransaction,
  LedgerWriter,
  type NewLedgerTransaction,
  type TransactionKind,
} from '../ledger.contract.js';

export const LEDGER_COLLECTION = 'ledger_transactions';

/**
 * One transaction as stored: all its lines, and the distinct accounts they touch (a multikey
 * index serves "every transaction of this account"). `_id` is an ObjectId's hex: ids ascend with
 * the time they were written, which the followers of the ledger page by.
 */
export interface LedgerDocument {
  _id: string;
  eventKey: string;
  kind: TransactionKind;
  creatorId: string;
  dealId: string;
  milestoneId: string;
  at: Date;
  lines: LedgerLine[];
  accounts: string[];
}

export const LEDGER_INDEXES: mongo.IndexDescription[] = [
  { key: { eventKey: 1 }, name: 'event_key_unique', unique: true },
  { key: { creatorId: 1, at: 1, _id: 1 }, name: 'creator_at' },
  { key: { dealId: 1, _id: 1 }, name: 'deal' },
  { key: { kind: 1, _id: 1 }, name: 'kind' },
  { key: { accounts: 1 }, name: 'accounts' },
];

/** The aggregation that derives a creator's balances from their lines (the bench runs it bare). */
export function creatorBalancesPipeline(creatorId: string): mongo.Document[] {
  return [
    { $match: { creatorId } },
    { $unwind: '$lines' },
    {
      $match: {
        'lines.account': {
          $in: CREATOR_ACCOUNT_KINDS.map((kind) => creatorAccount(creatorId, kind)),
        },
      },
    },
    { $group: { _id: '$lines.account', totalPaise: { $sum: '$lines.amountPaise' } } },
  ];
}

function toTransaction(document: LedgerDocument): LedgerTransaction {
  return {
    id: document._id,
    eventKey: document.eventKey,
    kind: document.kind,
    creatorId: document.creatorId,
    dealId: document.dealId,
    milestoneId: document.milestoneId,
    at: document.at,
    lines: document.lines.map(({ account, amountPaise }) => ({ account, amountPaise })),
  };
}

/**
 * The ledger in `ledger_transactions` (ADR 0042): append-only (this adapter has no update or
 * delete), one document per transaction holding all its lines, unique by `eventKey`, so a
 * transaction is written whole or not at all and a retried or duplicated event cannot write it
 * twice. Balances are derived from the lines by aggregation.
 */
@Injectable()
export class MongoLedger implements LedgerWriter, LedgerReader, LedgerAudit {
  private readonly collection: Collection<LedgerDocument>;
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(@InjectConnection() private readonly connection: Connection) {
    this.collection = connection.collection<LedgerDocument>(LEDGER_COLLECTION);
    this.indexes = new IndexesBeforeFirstWrite(() =>
      createCollectionsAndIndexes(
        this.connection,
        [LEDGER_COLLECTION],
        this.collection,
        LEDGER_INDEXES,
      ),
    );
  }

  async record(
    transaction: NewLedgerTransaction,
  ): Promise<{ transaction: LedgerTransaction; created: boolean }> {
    assertRecordable(transaction);
    await this.indexes.ensure();
    const document: LedgerDocument = {
      _id: new Types.ObjectId().toHexString(),
      eventKey: transaction.eventKey,
      kind: transaction.kind,
      creatorId: transaction.creatorId,
      dealId: transaction.dealId,
      milestoneId: transaction.milestoneId,
      at: transaction.at,
      lines: transaction.lines.map(({ account, amountPaise }) => ({ account, amountPaise })),
      accounts: accountsOf(transaction.lines),
    };
    try {
      await this.collection.insertOne(document);
      return { transaction: toTransaction(document), created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const first = await this.collection.findOne({ eventKey: transaction.eventKey });
    if (!first) throw new Error('A duplicate ledger event key whose transaction is not readable');
    return { transaction: toTransaction(first), created: false };
  }

  async balancesOf(creatorId: string): Promise<CreatorBalances> {
    const totals = await this.collection
      .aggregate<{ _id: string; totalPaise: number }>(creatorBalancesPipeline(creatorId))
      .toArray();
    const balance = (kind: CreatorAccountKind) =>
      totals.find(({ _id }) => _id === creatorAccount(creatorId, kind))?.totalPaise ?? 0;
    return {
      heldPaise: balance('held'),
      releasingPaise: balance('releasing'),
      paidOutPaise: balance('paid_out'),
    };
  }

  /**
   * The creator's lines, newest first, each with its account's running balance after it. The
   * running balances need every earlier line, so all of the creator's transactions are read in
   * order (index `creator_at`) and the filters apply afterwards.
   */
  async creatorLines(
    query: CreatorLinesQuery,
  ): Promise<{ items: CreatorLedgerLine[]; total: number }> {
    const documents = await this.collection
      .find(
        { creatorId: query.creatorId },
        { projection: { accounts: 0, eventKey: 0, creatorId: 0 } },
      )
      .sort({ at: 1, _id: 1 })
      .toArray();
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

  async transactionsOfKind(
    kind: TransactionKind,
    afterId: string | null,
    limit: number,
  ): Promise<LedgerTransaction[]> {
    const documents = await this.collection
      .find({ kind, ...(afterId !== null && { _id: { $gt: afterId } }) })
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return documents.map(toTransaction);
  }

  async transactionsOfDeal(dealId: string): Promise<LedgerTransaction[]> {
    const documents = await this.collection.find({ dealId }).sort({ _id: 1 }).toArray();
    return documents.map(toTransaction);
  }

  async transactionsAfter(afterId: string | null, limit: number): Promise<LedgerTransaction[]> {
    const documents = await this.collection
      .find(afterId !== null ? { _id: { $gt: afterId } } : {})
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return documents.map(toTransaction);
  }

  async accountBalances(): Promise<ReadonlyMap<string, number>> {
    const totals = await this.collection
      .aggregate<{ _id: string; totalPaise: number }>([
        { $unwind: '$lines' },
        { $group: { _id: '$lines.account', totalPaise: { $sum: '$lines.amountPaise' } } },
      ])
      .toArray();
    return new Map(totals.map(({ _id, totalPaise }) => [_id, totalPaise]));
  }
}
