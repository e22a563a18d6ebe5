import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

const ALERT_ID = 'sms-hourly-budget';

/** The budget's alerts (one document): its last refusal, until when, and its last half-way mark. */
@Schema({ collection: 'sms_budget_alerts', versionKey: false, autoIndex: false })
export class SmsBudgetAlertRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** The last time the general share refused a message. */
  @Prop({ type: Date, required: false })
  lastExhaustedAt?: Date;

  /** When the general share of that refusal's hour ends: until then, it is spent. */
  @Prop({ type: Date, required: false })
  exhaustedUntil?: Date;

  /** The last time half the hourly budget was spent. */
  @Prop({ type: Date, required: false })
  lastHalfSpentAt?: Date;
}

export const SmsBudgetAlertSchema = SchemaFactory.createForClass(SmsBudgetAlertRecord);

export interface SmsBudgetAlertState {
  readonly lastExhaustedAt: Date | null;
  readonly exhaustedUntil: Date | null;
  readonly lastHalfSpentAt: Date | null;
}

/** Where the budget records its alerts (SharedSmsBudget) and the overview reads them. */
@Injectable()
export class MongoSmsBudgetAlerts {
  constructor(
    @InjectModel(SmsBudgetAlertRecord.name)
    private readonly alerts: Model<SmsBudgetAlertRecord>,
  ) {}

  async recordExhausted(at: Date, until: Date): Promise<void> {
    await this.set({ lastExhaustedAt: at, exhaustedUntil: until });
  }

  async recordHalfSpent(at: Date): Promise<void> {
    await this.set({ lastHalfSpentAt: at });
  }

  async state(): Promise<SmsBudgetAlertState> {
    const record = await this.alerts.findById(ALERT_ID).lean<SmsBudgetAlertRecord>().exec();
    return {
      lastExhaustedAt: record?.lastExhaustedAt ?? null,
      exhaustedUntil: record?.exhaustedUntil ?? null,
      lastHalfSpentAt: record?.lastHalfSpentAt ?? null,
    };
  }

  private async set(fields: Partial<SmsBudgetAlertRecord>): Promise<void> {
    await this.alerts.updateOne({ _id: ALERT_ID }, { $set: fields }, { upsert: true }).exec();
  }
}
