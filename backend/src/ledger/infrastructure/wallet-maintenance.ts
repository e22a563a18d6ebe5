/**
 * Keeping the wallet read model (#38) right, outside requests:
 *
 * - `followLedger`: the followers' bulk path. Applies every ledger transaction after the saved
 *   position, in id order, 1,000 at a time (READ_MODEL_FOLLOW_BATCH), each once (by its event key), saving the position
 *   after each batch. Killed at any point, the next run resumes from the position and skips what
 *   the killed one applied. For a database whose ledger was written before the read model existed.
 * - `rebuildWallets`: recomputes every creator's wallet from the ledger and compares it with the
 *   stored one, like reconciliation does for the ledger; a creator whose wallet differs is written
 *   again from the ledger, and each difference is reported. Run it with the API stopped (a change
 *   recorded for a creator while their wallet is written again may be left out; the next run
 *   finds it).
 */
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { declaredModel } from '../../database/declared-model.js';
import { applyTransactions, EMPTY_WALLET, walletDifferences } from '../domain/creator-wallet.js';
import type { LedgerTransaction } from '../domain/ledger-transaction.js';
import type { MongoLedger } from './mongo-ledger.js';

export const FOLLOWERS_COLLECTION = 'ledger_followers';
/** Transactions per batch: more means fewer, larger steps per creator (READ_MODEL_FOLLOW_BATCH). */
const BATCH = Number(process.env.READ_MODEL_FOLLOW_BATCH ?? 1_000) || 1_000;

/** Where a follower of the ledger is: every transaction with an id ≤ `throughId` applied. */
@Schema({
  collection: FOLLOWERS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class FollowerPositionRecord {
  /** The follower's name. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  throughId!: string;
}

export const FollowerPositionSchema = SchemaFactory.createForClass(FollowerPositionRecord);

const positionsOn = (connection: Connection) =>
  declaredModel(connection, FollowerPositionRecord.name, FollowerPositionSchema);

export interface FollowReport {
  readonly read: number;
  readonly applied: number;
  readonly throughId: string | null;
}

export async function followLedger(
  connection: Connection,
  ledger: MongoLedger,
  onBatch: (report: FollowReport) => void = () => undefined,
): Promise<FollowReport> {
  const positions = positionsOn(connection);
  const saved = await positions.findById('wallet').lean<FollowerPositionRecord>().exec();
  let report: FollowReport = { read: 0, applied: 0, throughId: saved?.throughId ?? null };
  for await (const batch of ledger.batchesAfter(report.throughId, BATCH)) {
    const applied = await ledger.wallets.apply(batch);
    const throughId = batch.at(-1)?.id ?? report.throughId ?? '';
    await positions.replaceOne({ _id: 'wallet' }, { throughId }, { upsert: true }).exec();
    report = { read: report.read + batch.length, applied: report.applied + applied, throughId };
    onBatch(report);
  }
  return report;
}

export interface RebuildReport {
  readonly creators: number;
  readonly transactions: number;
  /** Per creator whose stored wallet differed: what differed (then it was written again). */
  readonly differences: Readonly<Record<string, readonly string[]>>;
}

/**
 * With `only.creatorId`, one creator's wallet alone (a support case, or a bench): the same walk of
 * the ledger, keeping that creator's transactions; no other wallet is looked at, and the follow
 * command's position is left as it is (the other wallets are not known to be up to it).
 */
export async function rebuildWallets(
  connection: Connection,
  ledger: MongoLedger,
  only: { readonly creatorId?: string } = {},
): Promise<RebuildReport> {
  const byCreator = new Map<string, LedgerTransaction[]>();
  let transactions = 0;
  let lastId: string | null = null;
  for await (const batch of ledger.batchesAfter(null, BATCH)) {
    for (const transaction of batch) {
      if (only.creatorId !== undefined && transaction.creatorId !== only.creatorId) continue;
      byCreator.set(transaction.creatorId, [
        ...(byCreator.get(transaction.creatorId) ?? []),
        transaction,
      ]);
      transactions += 1;
    }
    lastId = batch.at(-1)?.id ?? lastId;
  }
  const differences: Record<string, string[]> = {};
  for (const [creatorId, own] of byCreator) {
    const expected = applyTransactions(EMPTY_WALLET, creatorId, own);
    const expectedLines = expected.placed
      .filter(({ view }) => view === 'all')
      .map(({ line }) => line);
    const head = await ledger.wallets.head(creatorId);
    const stored = await ledger.wallets.allLines(creatorId);
    const found = walletDifferences(expected.state, expectedLines, head.state, stored);
    if (found.length === 0) continue;
    differences[creatorId] = found;
    await ledger.wallets.drop(creatorId);
    for (let start = 0; start < own.length; start += BATCH)
      await ledger.wallets.apply(own.slice(start, start + BATCH));
  }
  for (const creatorId of await storedWallets(ledger, only.creatorId)) {
    if (byCreator.has(creatorId)) continue;
    differences[creatorId] = ['a wallet without any ledger transaction'];
    await ledger.wallets.drop(creatorId);
  }
  if (lastId !== null && only.creatorId === undefined)
    await positionsOn(connection)
      .replaceOne({ _id: 'wallet' }, { throughId: lastId }, { upsert: true })
      .exec();
  return { creators: byCreator.size, transactions, differences };
}

/** The creators whose wallet is stored: everyone's, or the one creator's if it has one. */
async function storedWallets(ledger: MongoLedger, creatorId?: string): Promise<string[]> {
  if (creatorId === undefined) return ledger.wallets.creators();
  return (await ledger.wallets.head(creatorId)).state ? [creatorId] : [];
}
