import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { isDuplicateKeyError } from '../../../../database/duplicate-key.js';
import { type LimitClaim, LimitSlots } from '../../../application/ports/limit-slots.js';

export const LIMIT_SLOTS_COLLECTION = 'waitlist_limit_slots';

interface LimitSlotDocument {
  /** `${owner hash}#${number}`: unique, so each number of an owner is claimed once. */
  _id: string;
  owner: string;
  number: number;
  at: Date;
  /** When the use leaves its window: forgotten after. */
  expiresAt: Date;
}

function hashOf(owner: string): string {
  return createHash('sha256').update(owner).digest('base64url');
}

/**
 * LimitSlots in one collection, claim = insertOne against the unique `_id` (atomic on FerretDB
 * and MongoDB alike, unlike a read-modify-write). Numbers are claimed in order: a caller reads
 * the owner's latest `limit` slots once, then tries the next number, and the one after when
 * another caller got it first. Number n may be claimed only once number n - limit has left the
 * window, so `limit` uses fit in any window whatever the concurrency.
 */
@Injectable()
export class MongoLimitSlots extends LimitSlots {
  private readonly slots: Collection<LimitSlotDocument>;
  private indexTried = false;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.slots = connection.collection<LimitSlotDocument>(LIMIT_SLOTS_COLLECTION);
  }

  async claim(owner: string, limit: number, windowMs: number, now: Date): Promise<LimitClaim> {
    const hashed = hashOf(owner);
    const { last, atOf } = await this.latest(hashed, limit);
    for (let number = last + 1; ; number++) {
      const refused = gate(number, limit, last, atOf, windowMs, now);
      if (refused) return refused;
      try {
        await this.slots.insertOne({
          _id: `${hashed}#${number}`,
          owner: hashed,
          number,
          at: now,
          expiresAt: new Date(now.getTime() + windowMs),
        });
      } catch (error) {
        if (isDuplicateKeyError(error)) continue; // another caller got this number: the next
        throw error;
      }
      if (number % limit === 0) await this.slots.deleteMany({ owner: hashed, expiresAt: { $lt: now } });
      return { claimed: true };
    }
  }

  async peek(owner: string, limit: number, windowMs: number, now: Date): Promise<LimitClaim> {
    const { last, atOf } = await this.latest(hashOf(owner), limit);
    return gate(last + 1, limit, last, atOf, windowMs, now) ?? { claimed: true };
  }

  private async latest(owner: string, limit: number) {
    await this.ensureIndex();
    const recent = await this.slots
      .find({ owner }, { projection: { number: 1, at: 1 } })
      .sort({ number: -1 })
      .limit(limit)
      .toArray();
    const atOf = new Map(recent.map(({ number, at }) => [number, at]));
    return { last: recent[0]?.number ?? 0, atOf };
  }

  private async ensureIndex(): Promise<void> {
    if (this.indexTried) return;
    this.indexTried = true;
    // Only speeds up the owner's lookup; the unique _id is what keeps the limit.
    await this.slots.createIndex({ owner: 1, number: -1 }).catch(() => undefined);
  }
}

/**
 * Whether number `number` may be claimed: number - limit must have left the window. A number
 * above `last` was claimed after our read, so just now: still in the window.
 */
function gate(
  number: number,
  limit: number,
  last: number,
  atOf: ReadonlyMap<number, Date>,
  windowMs: number,
  now: Date,
): LimitClaim | undefined {
  const earlier = number - limit;
  if (earlier < 1) return undefined;
  const at = earlier <= last ? atOf.get(earlier) : now;
  // Not among the latest read: forgotten since it left its window.
  if (at === undefined || at.getTime() <= now.getTime() - windowMs) return undefined;
  return { claimed: false, retryAt: new Date(at.getTime() + windowMs) };
}
