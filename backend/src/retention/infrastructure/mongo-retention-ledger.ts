import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type Model, Types } from 'mongoose';
import { insertedFirst } from '../../database/duplicate-key.js';
import { type ErasureReport, RetentionLedger } from '../application/ports/retention-ledger.js';

export const RETENTION_RUNS_COLLECTION = 'retention_runs';
export const RETENTION_ERASURES_COLLECTION = 'retention_erasures';

/** One claimed window of the retention job. */
@Schema({
  collection: RETENTION_RUNS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class RetentionRunRecord {
  /** The window's start, ISO: unique, so one instance claims each window. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  windowStart!: Date;
}

export const RetentionRunSchema = SchemaFactory.createForClass(RetentionRunRecord);

/** One entry's erasure by the retention job. `_id` is the entry id: claimed once by insert. */
@Schema({
  collection: RETENTION_ERASURES_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class RetentionErasureRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  claimedAt!: Date;

  @Prop({ type: Date, required: true })
  leaseUntil!: Date;

  @Prop({ type: Date, required: false })
  erasedAt?: Date;

  /** The report (an ObjectId, hex: the audit event's id) that counts it. */
  @Prop({ type: String, required: false })
  reportId?: string;
}

export const RetentionErasureSchema = SchemaFactory.createForClass(RetentionErasureRecord);

/** Claimed windows are kept a week (a record of the runs), then forgotten by the next claimer. */
const RUNS_KEPT_MS = 7 * 24 * 3_600_000;

/**
 * The ledger in `retention_runs` and `retention_erasures`, by inserts against `_id` and
 * conditional updates (FerretDB has no transactions and no findOneAndUpdate).
 */
@Injectable()
export class MongoRetentionLedger extends RetentionLedger {
  constructor(
    @InjectModel(RetentionRunRecord.name) private readonly runs: Model<RetentionRunRecord>,
    @InjectModel(RetentionErasureRecord.name)
    private readonly erasures: Model<RetentionErasureRecord>,
  ) {
    super();
  }

  async claimWindow(windowStart: Date): Promise<boolean> {
    const claimed = await insertedFirst(() =>
      this.runs.create({ _id: windowStart.toISOString(), windowStart }),
    );
    if (!claimed) return false;
    await this.runs
      .deleteMany({ windowStart: { $lt: new Date(windowStart.getTime() - RUNS_KEPT_MS) } })
      .exec();
    return true;
  }

  async claimErasure(entryId: string, now: Date, leaseUntil: Date): Promise<boolean> {
    const claimed = await insertedFirst(() =>
      this.erasures.create({ _id: entryId, claimedAt: now, leaseUntil }),
    );
    if (claimed) return true;
    // Taken over only from a claimant whose lease lapsed, and by one caller (the update's match).
    const { modifiedCount } = await this.erasures
      .updateOne(
        { _id: entryId, erasedAt: { $exists: false }, leaseUntil: { $lt: now } },
        { $set: { claimedAt: now, leaseUntil } },
      )
      .exec();
    return modifiedCount === 1;
  }

  async lapsedErasures(now: Date): Promise<string[]> {
    const lapsed = await this.erasures
      .find({ erasedAt: { $exists: false }, leaseUntil: { $lt: now } }, { _id: 1 })
      .lean<Pick<RetentionErasureRecord, '_id'>[]>()
      .exec();
    return lapsed.map(({ _id }) => _id);
  }

  async markErased(entryId: string, at: Date): Promise<void> {
    await this.erasures
      .updateOne({ _id: entryId, erasedAt: { $exists: false } }, { $set: { erasedAt: at } })
      .exec();
  }

  async openReports(): Promise<ErasureReport[]> {
    const reportId = new Types.ObjectId().toHexString();
    await this.erasures
      .updateMany(
        { erasedAt: { $exists: true }, reportId: { $exists: false } },
        { $set: { reportId } },
      )
      .exec();
    const reported = await this.erasures
      .find({ reportId: { $exists: true } }, { reportId: 1 })
      .lean<Pick<RetentionErasureRecord, 'reportId'>[]>()
      .exec();
    const counts = new Map<string, number>();
    for (const { reportId: id } of reported) {
      if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return [...counts].map(([id, erasedEntries]) => ({ id, erasedEntries }));
  }

  async closeReport(reportId: string): Promise<void> {
    await this.erasures.deleteMany({ reportId }).exec();
  }
}
