import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection, Types } from 'mongoose';
import { insertedFirst } from '../../database/duplicate-key.js';
import { type ErasureReport, RetentionLedger } from '../application/ports/retention-ledger.js';

export const RETENTION_RUNS_COLLECTION = 'retention_runs';
export const RETENTION_ERASURES_COLLECTION = 'retention_erasures';

interface RunDocument {
  /** The window's start, ISO: unique, so one instance claims each window. */
  _id: string;
  windowStart: Date;
}

/** One entry's erasure by the retention job. `_id` is the entry id: claimed once by insert. */
interface ErasureDocument {
  _id: string;
  claimedAt: Date;
  leaseUntil: Date;
  erasedAt?: Date;
  /** The report (an ObjectId, hex: the audit event's id) that counts it. */
  reportId?: string;
}

/** Claimed windows are kept a week (a record of the runs), then forgotten by the next claimer. */
const RUNS_KEPT_MS = 7 * 24 * 3_600_000;

/**
 * The ledger in `retention_runs` and `retention_erasures`, by inserts against `_id` and
 * conditional updates (FerretDB has no transactions and no findOneAndUpdate).
 */
@Injectable()
export class MongoRetentionLedger extends RetentionLedger {
  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
  }

  private get runs() {
    return this.connection.collection<RunDocument>(RETENTION_RUNS_COLLECTION);
  }

  private get erasures() {
    return this.connection.collection<ErasureDocument>(RETENTION_ERASURES_COLLECTION);
  }

  async claimWindow(windowStart: Date): Promise<boolean> {
    const claimed = await insertedFirst(() =>
      this.runs.insertOne({ _id: windowStart.toISOString(), windowStart }),
    );
    if (!claimed) return false;
    await this.runs.deleteMany({
      windowStart: { $lt: new Date(windowStart.getTime() - RUNS_KEPT_MS) },
    });
    return true;
  }

  async claimErasure(entryId: string, now: Date, leaseUntil: Date): Promise<boolean> {
    const claimed = await insertedFirst(() =>
      this.erasures.insertOne({ _id: entryId, claimedAt: now, leaseUntil }),
    );
    if (claimed) return true;
    // Taken over only from a claimant whose lease lapsed, and by one caller (the update's match).
    const { modifiedCount } = await this.erasures.updateOne(
      { _id: entryId, erasedAt: { $exists: false }, leaseUntil: { $lt: now } },
      { $set: { claimedAt: now, leaseUntil } },
    );
    return modifiedCount === 1;
  }

  async lapsedErasures(now: Date): Promise<string[]> {
    const lapsed = await this.erasures
      .find({ erasedAt: { $exists: false }, leaseUntil: { $lt: now } }, { projection: { _id: 1 } })
      .toArray();
    return lapsed.map(({ _id }) => _id);
  }

  async markErased(entryId: string, at: Date): Promise<void> {
    await this.erasures.updateOne(
      { _id: entryId, erasedAt: { $exists: false } },
      { $set: { erasedAt: at } },
    );
  }

  async openReports(): Promise<ErasureReport[]> {
    const reportId = new Types.ObjectId().toHexString();
    await this.erasures.updateMany(
      { erasedAt: { $exists: true }, reportId: { $exists: false } },
      { $set: { reportId } },
    );
    const reported = await this.erasures
      .find({ reportId: { $exists: true } }, { projection: { reportId: 1 } })
      .toArray();
    const counts = new Map<string, number>();
    for (const { reportId: id } of reported) {
      if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return [...counts].map(([id, erasedEntries]) => ({ id, erasedEntries }));
  }

  async closeReport(reportId: string): Promise<void> {
    await this.erasures.deleteMany({ reportId });
  }
}
