import type { mongo } from 'mongoose';
import {
  CREATOR_ACCOUNT_KINDS,
  creatorAccount,
  type LedgerLine,
  type LedgerTransaction,
  type TransactionKind,
} from '../ledger.contract.js';

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
  { key: { creatorId: 1, _id: 1 }, name: 'creator_id' },
  { key: { dealId: 1, _id: 1 }, name: 'deal' },
  { key: { kind: 1, _id: 1 }, name: 'kind' },
  { key: { accounts: 1 }, name: 'accounts' },
];

/** The aggregation that derives a creator's balances from their lines (the bench runs it bare). */
export function creatorBalancesPipeline(
  creatorId: string,
  ids: { after?: string; through?: string } = {},
): mongo.Document[] {
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
