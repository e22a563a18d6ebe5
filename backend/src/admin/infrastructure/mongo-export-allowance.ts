import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { ClaimOnce } from '../../database/claim-once.js';
import { ExportAllowance } from '../application/ports/export-allowance.js';

export const EXPORT_SLOTS_COLLECTION = 'admin_export_slots';
const MINUTE_MS = 60_000;

interface ExportSlot {
  /** `<adminId>:<minute>:<n>`: the n-th export of that admin in that minute. */
  _id: string;
  expiresAt: Date;
}

/**
 * Each export claims the first free slot of its admin's current minute by an insert against the
 * unique `_id` (claim-once, shared by every instance). Exports are rare, so a few refused inserts
 * per export cost nothing; old slots are removed as new ones are claimed (the store has no TTL
 * index).
 */
@Injectable()
export class MongoExportAllowance extends ExportAllowance {
  private readonly slots: ClaimOnce<ExportSlot>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.slots = new ClaimOnce(connection, { name: EXPORT_SLOTS_COLLECTION });
  }

  async take(adminId: string, now: Date, perMinute: number): Promise<boolean> {
    const minute = Math.floor(now.getTime() / MINUTE_MS);
    const expiresAt = new Date((minute + 1) * MINUTE_MS);
    await this.slots.remove({ expiresAt: { $lt: new Date(now.getTime() - MINUTE_MS) } });
    for (let slot = 1; slot <= perMinute; slot++) {
      if (await this.slots.claim({ _id: `${adminId}:${minute}:${slot}`, expiresAt })) return true;
    }
    return false;
  }
}
