import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { insertedFirst } from '../../database/duplicate-key.js';
import { EXPIRED_SLOT_GRACE_MS } from '../application/count-hit.use-case.js';
import { HitSlots } from '../application/ports/hit-slots.js';

export const HIT_SLOTS_COLLECTION = 'rate_limit_hits';

/** One claimed slot, named by `_id` (window and hit number). */
interface HitSlotDocument {
  _id: string;
  /** When the slot's window ends. */
  expiresAt: Date;
}

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
 * Expired slots are removed by every instance's periodic sweep and, on MongoDB, also by a TTL
 * index, which keeps the sweep's query on an index as well.
 */
@Injectable()
export class MongoHitSlots extends HitSlots {
  private readonly hits: Collection<HitSlotDocument>;
  private expiryIndexTried = false;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.hits = connection.collection<HitSlotDocument>(HIT_SLOTS_COLLECTION);
  }

  async claim(slot: string, expiresAt: Date): Promise<boolean> {
    return insertedFirst(() => this.hits.insertOne({ _id: slot, expiresAt }));
  }

  async removeExpired(before: Date): Promise<void> {
    await this.ensureExpiryIndex();
    await this.hits.deleteMany({ expiresAt: { $lt: before } });
  }

  private async ensureExpiryIndex(): Promise<void> {
    if (this.expiryIndexTried) return;
    try {
      await this.hits.createIndex(
        { expiresAt: 1 },
        { name: 'expires_ttl', expireAfterSeconds: EXPIRED_SLOT_GRACE_MS / 1000 },
        undefined,
      );
    } catch (error) {
      if (codeOf(error) !== NOT_IMPLEMENTED) throw error; // tried again at the next sweep
    }
    this.expiryIndexTried = true;
  }
}
