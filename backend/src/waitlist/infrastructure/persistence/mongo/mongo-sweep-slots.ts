import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../../../database/claim-once.js';
import { SweepSlots } from '../../../application/ports/sweep-slots.js';

/** A sweep's window, claimed by the one instance that runs it. */
@Schema({ collection: 'sweep_slots', versionKey: false, autoIndex: false, autoCreate: false })
export class SweepSlotRecord {
  /** `${job}:${window start, ISO}`: unique, so one instance claims each window. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  job!: string;

  @Prop({ type: Date, required: true })
  windowStart!: Date;
}

export const SweepSlotSchema = SchemaFactory.createForClass(SweepSlotRecord);

/** Claimed windows are kept a day (a record of the sweeps), then forgotten by the next claimer. */
const KEPT_MS = 24 * 3_600_000;

@Injectable()
export class MongoSweepSlots extends SweepSlots {
  private readonly slots: ClaimOnce<FieldsOf<SweepSlotRecord>>;

  constructor(@InjectModel(SweepSlotRecord.name) model: Model<SweepSlotRecord>) {
    super();
    this.slots = new ClaimOnce<FieldsOf<SweepSlotRecord>>(model.db, claimCollectionOf(model));
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
