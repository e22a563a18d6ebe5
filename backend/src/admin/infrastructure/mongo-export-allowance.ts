import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { isDatabaseUnavailableError } from '../../database/database-unavailable.js';
import { ExportAllowance } from '../application/ports/export-allowance.js';

export const EXPORT_SLOTS_COLLECTION = 'admin_export_slots';
const MINUTE_MS = 60_000;
const DUPLICATE_KEY = 11000;

interface ExportSlot {
  /** `<adminId>:<minute>:<n>`: the n-th export of that admin in that minute. */
  _id: string;
  expiresAt: Date;
}

/**
 * Each export claims the first free slot of its admin's current minute by an insert against the
 * unique `_id` (claim-once on both MongoDB and FerretDB, shared by every instance). Exports are
 * rare, so a few refused inserts per export cost nothing; old slots are removed as new ones are
 * claimed (FerretDB has no TTL index).
 */
@Injectable()
export class MongoExportAllowance extends ExportAllowance {
  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
  }

  private get slots() {
    return this.connection.collection<ExportSlot>(EXPORT_SLOTS_COLLECTION);
  }

  async take(adminId: string, now: Date, perMinute: number): Promise<boolean> {
    const minute = Math.floor(now.getTime() / MINUTE_MS);
    const expiresAt = new Date((minute + 1) * MINUTE_MS);
    await this.slots.deleteMany({ expiresAt: { $lt: new Date(now.getTime() - MINUTE_MS) } });
    for (let slot = 1; slot <= perMinute; slot++) {
      try {
        await this.slots.insertOne({ _id: `${adminId}:${minute}:${slot}`, expiresAt });
        return true;
      } catch (error) {
        if (isDatabaseUnavailableError(error)) throw error;
        if ((error as { code?: unknown } | null)?.code !== DUPLICATE_KEY) throw error;
      }
    }
    return false;
  }
}
