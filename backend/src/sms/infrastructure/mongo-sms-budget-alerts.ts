import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { SmsBudgetAlerts, type SmsBudgetStatus } from '../sms.contract.js';

const ALERT_ID = 'sms-hourly-budget';
const HOUR_MS = 3_600_000;

/** The last moment the hourly SMS budget refused a message (one document). */
@Schema({ collection: 'sms_budget_alerts', versionKey: false, autoIndex: false })
export class SmsBudgetAlertRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  lastExhaustedAt!: Date;
}

export const SmsBudgetAlertSchema = SchemaFactory.createForClass(SmsBudgetAlertRecord);

@Injectable()
export class MongoSmsBudgetAlerts extends SmsBudgetAlerts {
  constructor(
    @InjectModel(SmsBudgetAlertRecord.name)
    private readonly alerts: Model<SmsBudgetAlertRecord>,
    private readonly hourlyBudget: number,
    private readonly now: () => Date,
  ) {
    super();
  }

  async record(at: Date): Promise<void> {
    await this.alerts
      .updateOne({ _id: ALERT_ID }, { $set: { lastExhaustedAt: at } }, { upsert: true })
      .exec();
  }

  async status(): Promise<SmsBudgetStatus> {
    const record = await this.alerts.findById(ALERT_ID).lean<SmsBudgetAlertRecord>().exec();
    const lastExhaustedAt = record?.lastExhaustedAt ?? null;
    return {
      hourlyBudget: this.hourlyBudget,
      lastExhaustedAt,
      exhausted:
        lastExhaustedAt !== null && this.now().getTime() - lastExhaustedAt.getTime() < HOUR_MS,
    };
  }
}
