import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { ClaimOnce } from '../../../../database/claim-once.js';
import { SweepSlots } from '../../../application/ports/sweep-slots.js';

interface SweepSlotDocument {
  /** `${job}:${window start, ISO}`: unique, so one instance claims each window. */
  _id: string;
  job: string;
  windowStart: Date;
}

/** Claimed windows are kept a day (a record of the sweeps), then forgotten by the next claimer. */
const KEPT_MS = 24 * 3_600_000;

@Injectable()
export class MongoSweepSlots extends SweepSlots {
  private readonly slots: ClaimOnce<SweepSlotDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.slots = new ClaimOnce(connection, { name: 'sweep_slots' });
  }

  async claim(job: string, windowStart: Date): Promise<boolean> {
    const claimed = await this.slots.claim({
      _id: `${job}:${windowStart.toISOString()}`,
      job,
      windowStart,
    });
    if (!claimed) return false;
    await this.slots.remove({
      job,
      windowStart: { $lt: new Date(windowStart.getTime() - KEPT_MS) },
    });
    return true;
  }
}
