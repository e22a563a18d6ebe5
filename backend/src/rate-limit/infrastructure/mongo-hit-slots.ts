import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { insertedFirst } from '../../database/duplicate-key.js';
import { EXPIRED_SLOT_GRACE_MS } from '../application/count-hit.use-case.js';
import { HitSlots } from '../application/ports/hit-slots.js';

export const HIT_SLOTS_COLLECTION = 'rate_limit_hits';

/** One claimed slot, named by `_id` (window and hit number). */
@Schema({
  collection: HIT_SLOTS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class HitSlotRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** When the slot's window ends. */
  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}

export const HitSlotSchema = SchemaFactory.createForClass(HitSlotRecord);
HitSlotSchema.index(
  { expiresAt: 1 },
  { name: 'expires_ttl', expireAfterSeconds: EXPIRED_SLOT_GRACE_MS / 1000 },
);

/** FerretDB answers a TTL index with "not implemented"; MongoDB builds it. */
const NOT_IMPLEMENTED = 238;

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/**
 * Hit slots in MongoDB, one document per claimed slot. A claim is an insert refused by the
 * unique `_id` index, which always exists: atomic on MongoDB and FerretDB alike, unlike `$inc`
 * with upsert, which FerretDB 1.24 applies as a read followed by a write (concurrent
 * increments are lost there).
 *
 * Expired slots are removed by every instance's periodic sweep and, on MongoDB, also by the
 * schema's TTL index (built at the first sweep, not before the first claim: FerretDB refuses it),
 * which keeps the sweep's query on an index as well.
 */
@Injectable()
export class MongoHitSlots extends HitSlots {
  private expiryIndexTried = false;

  constructor(@InjectModel(HitSlotRecord.name) private readonly hits: Model<HitSlotRecord>) {
    super();
  }

  async claim(slot: string, expiresAt: Date): Promise<boolean> {
    return insertedFirst(() => this.hits.create({ _id: slot, expiresAt }));
  }

  async removeExpired(before: Date): Promise<void> {
    await this.ensureExpiryIndex();
    await this.hits.deleteMany({ expiresAt: { $lt: before } }).exec();
  }

  private async ensureExpiryIndex(): Promise<void> {
    if (this.expiryIndexTried) return;
    try {
      await this.hits.createIndexes();
    } catch (error) {
      if (codeOf(error) !== NOT_IMPLEMENTED) throw error; // tried again at the next sweep
    }
    this.expiryIndexTried = true;
  }
}
