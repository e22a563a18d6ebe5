import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { insertedFirst } from '../../../../database/duplicate-key.js';
import type { IndexesBeforeFirstWrite } from '../../../../database/indexes-before-first-write.js';
import { schemaIndexesBeforeFirstWrite } from '../../../../database/schema-indexes.js';
import { type LimitClaim, LimitSlots } from '../../../application/ports/limit-slots.js';

export const LIMIT_SLOTS_COLLECTION = 'waitlist_limit_slots';

/** One numbered use of an owner's limit. */
@Schema({
  collection: LIMIT_SLOTS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class LimitSlotRecord {
  /** `${owner hash}#${number}`: unique, so each number of an owner is claimed once. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  owner!: string;

  @Prop({ type: Number, required: true })
  number!: number;

  @Prop({ type: Date, required: true })
  at!: Date;

  /** When the use leaves its window: forgotten after. */
  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}

export const LimitSlotSchema = SchemaFactory.createForClass(LimitSlotRecord);
// Only speeds up the owner's lookup; the unique _id is what keeps the limit.
LimitSlotSchema.index({ owner: 1, number: -1 }, { name: 'owner_number' });

function slotId(owner: string, number: number): string {
  return `${owner}#${number}`;
}

function hashOf(owner: string): string {
  return createHash('sha256').update(owner).digest('base64url');
}

/**
 * LimitSlots in one collection, claim = insertOne against the unique `_id` (atomic on FerretDB
 * and MongoDB alike, unlike a read-modify-write). Numbers are claimed in order: a caller reads
 * the owner's latest number once, then tries the next one, and the one after when another caller
 * got it first. Number n may be claimed only once number n - limit has left the
 * window, so `limit` uses fit in any window whatever the concurrency.
 */
@Injectable()
export class MongoLimitSlots extends LimitSlots {
  private readonly indexes: IndexesBeforeFirstWrite;
  private indexTried = false;

  constructor(@InjectModel(LimitSlotRecord.name) private readonly slots: Model<LimitSlotRecord>) {
    super();
    this.indexes = schemaIndexesBeforeFirstWrite(slots);
  }

  /**
   * One owner's claims in this process, one after another: racing each other they would only
   * lose inserts to each other (55 at once cost about a thousand refused inserts); in turn, each
   * costs a read and an insert. Other instances still race, and the unique _id decides.
   */
  private readonly turns = new Map<string, Promise<unknown>>();

  claim(owner: string, limit: number, windowMs: number, now: Date): Promise<LimitClaim> {
    const hashed = hashOf(owner);
    const previous = this.turns.get(hashed) ?? Promise.resolve();
    const turn = previous.then(
      () => this.claimNow(hashed, limit, windowMs, now),
      () => this.claimNow(hashed, limit, windowMs, now),
    );
    this.turns.set(hashed, turn);
    const forget = () => {
      if (this.turns.get(hashed) === turn) this.turns.delete(hashed);
    };
    turn.then(forget, forget);
    return turn;
  }

  private async claimNow(
    hashed: string,
    limit: number,
    windowMs: number,
    now: Date,
  ): Promise<LimitClaim> {
    const last = await this.lastNumber(hashed);
    for (let number = last + 1; ; number++) {
      const refused = await this.gate(hashed, number, limit, last, windowMs, now);
      if (refused) return refused;
      const claimed = await insertedFirst(() =>
        this.slots.create({
          _id: slotId(hashed, number),
          owner: hashed,
          number,
          at: now,
          expiresAt: new Date(now.getTime() + windowMs),
        }),
      );
      if (!claimed) continue; // another caller got this number: the next
      if (number % limit === 0) {
        await this.slots.deleteMany({ owner: hashed, expiresAt: { $lt: now } }).exec();
      }
      return { claimed: true };
    }
  }

  async peek(owner: string, limit: number, windowMs: number, now: Date): Promise<LimitClaim> {
    const hashed = hashOf(owner);
    const last = await this.lastNumber(hashed);
    return (await this.gate(hashed, last + 1, limit, last, windowMs, now)) ?? { claimed: true };
  }

  /** The owner's latest claimed number (0 for none). */
  private async lastNumber(owner: string): Promise<number> {
    await this.ensureIndex();
    const [latest] = await this.slots
      .find({ owner }, { number: 1 })
      .sort({ number: -1 })
      .limit(1)
      .lean<Pick<LimitSlotRecord, 'number'>[]>()
      .exec();
    return latest?.number ?? 0;
  }

  /**
   * Whether number `number` may be claimed: number - limit must have left the window. A number
   * above `last` was claimed after our read, so just now: still in the window. One read by _id.
   */
  private async gate(
    owner: string,
    number: number,
    limit: number,
    last: number,
    windowMs: number,
    now: Date,
  ): Promise<LimitClaim | undefined> {
    const earlier = number - limit;
    if (earlier < 1) return undefined;
    const at =
      earlier > last
        ? now
        : (
            await this.slots
              .findById(slotId(owner, earlier), { at: 1 })
              .lean<Pick<LimitSlotRecord, 'at'>>()
              .exec()
          )?.at;
    // Gone: forgotten once it left its window.
    if (at === undefined || at.getTime() <= now.getTime() - windowMs) return undefined;
    return { claimed: false, retryAt: new Date(at.getTime() + windowMs) };
  }

  private async ensureIndex(): Promise<void> {
    if (this.indexTried) return;
    this.indexTried = true;
    // Tried once: the index only speeds up the owner's lookup (see the schema).
    await this.indexes.ensure().catch(() => undefined);
  }
}
