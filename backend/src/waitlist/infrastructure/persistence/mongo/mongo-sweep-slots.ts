import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { insertedFirst } from '../../../../database/duplicate-key.js';
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
  private readonly slots: Collection<SweepSlotDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.slots = connection.collection<SweepSlotDocument>('sweep_slots');
  }

  async claim(job: string, windowStart: Date): Promise<boolean> {
    const claimed = await insertedFirst(() =>
      this.slots.insertOne({ _id: `${job}:${windowStart.toISOString()}`, job, windowStart }),
    );
    if (!claimed) return false;
    await this.slots.deleteMany({
      job,
      windowStart: { $lt: new Date(windowStart.getTime() - KEPT_MS) },
    });
    return true;
  }
}
