import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { insertedFirst } from '../../database/duplicate-key.js';
import { DataExports } from '../application/ports/data-exports.js';
import type { PendingDataExport, ReadyDataExport } from '../domain/data-export.js';

export const DATA_EXPORT_QUEUE_COLLECTION = 'account_data_export_queue';
export const DATA_EXPORT_ATTEMPTS_COLLECTION = 'account_data_export_attempts';
export const DATA_EXPORTS_COLLECTION = 'account_data_exports';
export const DATA_EXPORT_CHUNKS_COLLECTION = 'account_data_export_chunks';
export const DATA_EXPORT_LATEST_COLLECTION = 'account_data_export_latest';

/**
 * An archive is stored in pieces of this size, each one document keyed `<export>:<attempt>:<n>`,
 * so a download is point reads on any store (GridFS would find its chunks by a secondary key,
 * which FerretDB answers by scanning) and no document nears the 16 MiB limit.
 */
export const CHUNK_BYTES = 1024 * 1024;

const OPTIONS = { versionKey: false, autoIndex: false, autoCreate: false } as const;

/** The queue: at most one export being prepared per account, keyed by the account's id. */
@Schema({ ...OPTIONS, collection: DATA_EXPORT_QUEUE_COLLECTION })
export class DataExportQueueRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) exportId!: string;
  @Prop({ type: String, required: true }) sessionId!: string;
  @Prop({ type: Date, required: true }) requestedAt!: Date;
}
export const DataExportQueueSchema = SchemaFactory.createForClass(DataExportQueueRecord);

/** One build attempt's claim (`<export>:<window>`) and how many pieces its archive has. */
@Schema({ ...OPTIONS, collection: DATA_EXPORT_ATTEMPTS_COLLECTION })
export class DataExportAttemptRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) exportId!: string;
  @Prop({ type: Number, default: null }) chunks!: number | null;
}
export const DataExportAttemptSchema = SchemaFactory.createForClass(DataExportAttemptRecord);

/** A ready export: the attempt whose pieces hold its archive. */
@Schema({ ...OPTIONS, collection: DATA_EXPORTS_COLLECTION })
export class DataExportRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) accountId!: string;
  @Prop({ type: Date, required: true }) requestedAt!: Date;
  @Prop({ type: Date, required: true }) readyAt!: Date;
  @Prop({ type: Date, required: true }) expiresAt!: Date;
  @Prop({ type: Number, required: true }) sizeBytes!: number;
  @Prop({ type: String, required: true }) attemptId!: string;
  @Prop({ type: Number, required: true }) chunks!: number;
}
export const DataExportSchema = SchemaFactory.createForClass(DataExportRecord);

@Schema({ ...OPTIONS, collection: DATA_EXPORT_CHUNKS_COLLECTION })
export class DataExportChunkRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: Buffer, required: true }) bytes!: Buffer;
}
export const DataExportChunkSchema = SchemaFactory.createForClass(DataExportChunkRecord);

/** Each account's latest ready export, keyed by the account's id. */
@Schema({ ...OPTIONS, collection: DATA_EXPORT_LATEST_COLLECTION })
export class DataExportLatestRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) exportId!: string;
}
export const DataExportLatestSchema = SchemaFactory.createForClass(DataExportLatestRecord);

const attemptKey = (exportId: string, attemptId: string) => `${exportId}:${attemptId}`;

function chunkIds(exportId: string, attemptId: string, chunks: number): string[] {
  return Array.from(
    { length: chunks },
    (_, n) => `${attemptKey(exportId, attemptId)}:${String(n)}`,
  );
}

function readyOf(record: DataExportRecord): ReadyDataExport {
  const { _id: id, accountId, requestedAt, readyAt, expiresAt, sizeBytes } = record;
  return { id, accountId, requestedAt, readyAt, expiresAt, sizeBytes };
}

/**
 * The exports on MongoDB-compatible stores: every read the API and the worker make is by `_id`;
 * only the worker's look at the queue and at expired copies, and erasure's look at an account's
 * attempts, scan their (small: in flight or one per account) collections.
 */
@Injectable()
export class MongoDataExports extends DataExports {
  constructor(
    @InjectModel(DataExportQueueRecord.name)
    private readonly queue: Model<DataExportQueueRecord>,
    @InjectModel(DataExportAttemptRecord.name)
    private readonly attempts: Model<DataExportAttemptRecord>,
    @InjectModel(DataExportRecord.name) private readonly exports: Model<DataExportRecord>,
    @InjectModel(DataExportChunkRecord.name)
    private readonly chunks: Model<DataExportChunkRecord>,
    @InjectModel(DataExportLatestRecord.name)
    private readonly latest: Model<DataExportLatestRecord>,
  ) {
    super();
  }

  async enqueue(pending: PendingDataExport): Promise<PendingDataExport> {
    const { id, accountId, sessionId, requestedAt } = pending;
    const queued = await insertedFirst(() =>
      this.queue.create({ _id: accountId, exportId: id, sessionId, requestedAt }),
    );
    return queued ? pending : ((await this.pendingOf(accountId)) ?? pending);
  }

  async pendingOf(accountId: string): Promise<PendingDataExport | undefined> {
    const found = await this.queue.findById(accountId).lean<DataExportQueueRecord>().exec();
    return found ? pendingOf(found) : undefined;
  }

  async queued(limit: number): Promise<PendingDataExport[]> {
    const found = await this.queue
      .find()
      .sort({ requestedAt: 1 })
      .limit(limit)
      .lean<DataExportQueueRecord[]>()
      .exec();
    return found.map(pendingOf);
  }

  async claimAttempt(exportId: string, window: number): Promise<boolean> {
    return insertedFirst(() =>
      this.attempts.create({ _id: attemptKey(exportId, String(window)), exportId, chunks: null }),
    );
  }

  async storeReady(
    ready: ReadyDataExport,
    attemptId: string,
    archive: Uint8Array,
  ): Promise<boolean> {
    const count = Math.max(1, Math.ceil(archive.byteLength / CHUNK_BYTES));
    // The count first: whoever cleans up after this attempt knows every piece it may have left.
    await this.attempts
      .updateOne({ _id: attemptKey(ready.id, attemptId) }, { $set: { chunks: count } })
      .exec();
    const ids = chunkIds(ready.id, attemptId, count);
    for (const [n, _id] of ids.entries()) {
      const bytes = Buffer.from(archive.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES));
      await this.chunks.replaceOne({ _id }, { bytes }, { upsert: true }).exec();
    }
    const won = await insertedFirst(() =>
      this.exports.create({ _id: ready.id, ...withoutId(ready), attemptId, chunks: count }),
    );
    if (!won) await this.chunks.deleteMany({ _id: { $in: ids } }).exec();
    return won;
  }

  async readyById(exportId: string): Promise<ReadyDataExport | undefined> {
    const found = await this.exports.findById(exportId).lean<DataExportRecord>().exec();
    return found ? readyOf(found) : undefined;
  }

  async latestReadyOf(accountId: string): Promise<ReadyDataExport | undefined> {
    const pointer = await this.latest.findById(accountId).lean<DataExportLatestRecord>().exec();
    return pointer ? this.readyById(pointer.exportId) : undefined;
  }

  async makeLatest(ready: ReadyDataExport): Promise<void> {
    const before = await this.latest
      .findById(ready.accountId)
      .lean<DataExportLatestRecord>()
      .exec();
    if (before?.exportId === ready.id) return;
    await this.latest
      .replaceOne({ _id: ready.accountId }, { exportId: ready.id }, { upsert: true })
      .exec();
    if (before) await this.remove(before.exportId);
  }

  async archiveOf(ready: ReadyDataExport): Promise<Uint8Array | undefined> {
    const record = await this.exports.findById(ready.id).lean<DataExportRecord>().exec();
    if (!record) return undefined;
    const ids = chunkIds(record._id, record.attemptId, record.chunks);
    const pieces = await this.chunks
      .find({ _id: { $in: ids } })
      .lean<{ _id: string; bytes: { buffer: Uint8Array } | Buffer }[]>()
      .exec();
    const byId = new Map(pieces.map(({ _id, bytes }) => [_id, bytesOf(bytes)]));
    const ordered = ids.map((id) => byId.get(id));
    if (ordered.some((piece) => piece === undefined)) return undefined;
    return Buffer.concat(ordered as Uint8Array[]);
  }

  async dequeue(pending: PendingDataExport): Promise<void> {
    const record = await this.exports.findById(pending.id).lean<DataExportRecord>().exec();
    await this.discardAttempts(pending.id, record?.attemptId);
    await this.queue.deleteOne({ _id: pending.accountId, exportId: pending.id }).exec();
  }

  async removeExpired(now: Date, limit: number): Promise<number> {
    const expired = await this.exports
      .find({ expiresAt: { $lte: now } })
      .limit(limit)
      .lean<DataExportRecord[]>()
      .exec();
    for (const record of expired) {
      await this.latest.deleteOne({ _id: record.accountId, exportId: record._id }).exec();
      await this.remove(record._id);
    }
    return expired.length;
  }

  async eraseOf(accountId: string): Promise<void> {
    const pending = await this.pendingOf(accountId);
    if (pending) await this.discardAttempts(pending.id, undefined);
    for (const record of await this.exports.find({ accountId }).lean<DataExportRecord[]>().exec()) {
      await this.remove(record._id);
    }
    await this.latest.deleteOne({ _id: accountId }).exec();
    await this.queue.deleteOne({ _id: accountId }).exec();
  }

  /** A ready export and its archive's pieces. */
  private async remove(exportId: string): Promise<void> {
    const record = await this.exports.findById(exportId).lean<DataExportRecord>().exec();
    if (!record) return;
    const ids = chunkIds(record._id, record.attemptId, record.chunks);
    await this.chunks.deleteMany({ _id: { $in: ids } }).exec();
    await this.attempts.deleteMany({ exportId }).exec();
    await this.exports.deleteOne({ _id: exportId }).exec();
  }

  /** The export's attempt claims, and the pieces of every attempt but `keep`. */
  private async discardAttempts(exportId: string, keep: string | undefined): Promise<void> {
    const claims = await this.attempts.find({ exportId }).lean<DataExportAttemptRecord[]>().exec();
    for (const claim of claims) {
      const attemptId = claim._id.slice(exportId.length + 1);
      if (attemptId !== keep && claim.chunks !== null) {
        const ids = chunkIds(exportId, attemptId, claim.chunks);
        await this.chunks.deleteMany({ _id: { $in: ids } }).exec();
      }
    }
    await this.attempts.deleteMany({ exportId }).exec();
  }
}

function pendingOf(record: DataExportQueueRecord): PendingDataExport {
  return {
    id: record.exportId,
    accountId: record._id,
    sessionId: record.sessionId,
    requestedAt: record.requestedAt,
  };
}

function withoutId(ready: ReadyDataExport): Omit<ReadyDataExport, 'id'> {
  const { accountId, requestedAt, readyAt, expiresAt, sizeBytes } = ready;
  return { accountId, requestedAt, readyAt, expiresAt, sizeBytes };
}

/** A stored piece as the driver hands it back: a BSON Binary (its `buffer`) or a Buffer. */
function bytesOf(stored: { buffer: Uint8Array } | Buffer): Uint8Array {
  return Buffer.isBuffer(stored) ? stored : stored.buffer;
}
