import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { PipelineStage } from 'mongoose';
import type { FieldsOf } from '../../database/claim-once.js';
import { accountsOf } from '../domain/ledger-transaction.js';
import {
  CREATOR_ACCOUNT_KINDS,
  creatorAccount,
  type LedgerLine,
  type LedgerTransaction,
  type NewLedgerTransaction,
  type TransactionKind,
} from '../ledger.contract.js';

export const LEDGER_COLLECTION = 'ledger_transactions';

/** One line of a transaction: an account and its signed amount. */
@Schema({ _id: false, versionKey: false })
export class LedgerLineRecord {
  @Prop({ type: String, required: true })
  account!: string;

  @Prop({ type: Number, required: true })
  amountPaise!: number;
}

const LedgerLineSchema = SchemaFactory.createForClass(LedgerLineRecord);

/**
 * One transaction as stored: all its lines, and the distinct accounts they touch (a multikey
 * index serves "every transaction of this account"). `_id` is an ObjectId's hex: ids ascend with
 * the time they were written, which the followers of the ledger page by.
 */
@Schema({
  collection: LEDGER_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class LedgerTransactionRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  eventKey!: string;

  @Prop({ type: String, required: true })
  kind!: TransactionKind;

  @Prop({ type: String, required: true })
  creatorId!: string;

  @Prop({ type: String, required: true })
  dealId!: string;

  @Prop({ type: String, required: true })
  milestoneId!: string;

  @Prop({ type: Date, required: true })
  at!: Date;

  @Prop({ type: [LedgerLineSchema], required: true })
  lines!: LedgerLine[];

  @Prop({ type: [String], required: true })
  accounts!: string[];
}

export type LedgerDocument = FieldsOf<LedgerTransactionRecord>;

export const LedgerTransactionSchema = SchemaFactory.createForClass(LedgerTransactionRecord);
LedgerTransactionSchema.index({ eventKey: 1 }, { name: 'event_key_unique', unique: true });
LedgerTransactionSchema.index({ creatorId: 1, at: 1, _id: 1 }, { name: 'creator_at' });
LedgerTransactionSchema.index({ creatorId: 1, _id: 1 }, { name: 'creator_id' });
LedgerTransactionSchema.index({ dealId: 1, _id: 1 }, { name: 'deal' });
LedgerTransactionSchema.index({ kind: 1, _id: 1 }, { name: 'kind' });
LedgerTransactionSchema.index({ accounts: 1 }, { name: 'accounts' });

/** The aggregation that derives a creator's balances from their lines (the bench runs it bare). */
export function creatorBalancesPipeline(
  creatorId: string,
  ids: { after?: string; through?: string } = {},
): PipelineStage[] {
  const range = {
    ...(ids.after !== undefined && { $gt: ids.after }),
    ...(ids.through !== undefined && { $lte: ids.through }),
  };
  return [
    { $match: { creatorId, ...(Object.keys(range).length > 0 && { _id: range }) } },
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

/** A transaction as stored (the journal's document, and a follower's feed entry). */
export function documentOf(id: string, transaction: NewLedgerTransaction): LedgerDocument {
  return {
    _id: id,
    eventKey: transaction.eventKey,
    kind: transaction.kind,
    creatorId: transaction.creatorId,
    dealId: transaction.dealId,
    milestoneId: transaction.milestoneId,
    at: transaction.at,
    lines: transaction.lines.map(({ account, amountPaise }) => ({ account, amountPaise })),
    accounts: accountsOf(transaction.lines),
  };
}

/** A follower's feed (#38): entries shaped as the journal's documents, in a collection of its own. */
export function ledgerFeedSchema(follower: string): typeof LedgerTransactionSchema {
  const schema = LedgerTransactionSchema.clone();
  schema.set('collection', `ledger_feed.${follower}`);
  return schema;
}

export function toTransaction(document: LedgerDocument): LedgerTransaction {
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
