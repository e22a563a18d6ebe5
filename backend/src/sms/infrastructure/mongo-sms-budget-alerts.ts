import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

const ALERT_ID = 'sms-hourly-budget';

/** The last moment the hourly SMS budget refused a message (one document). */
@Schema({ collection: 'sms_budget_alerts', versionKey: false, autoIndex: false })
export class SmsBudgetAlertRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  lastExhaustedAt!: Date;
}

export const SmsBudgetAlertSchema = SchemaFactory.createForClass(SmsBudgetAlertRecord);

/** Where the budget records its refusals (SharedSmsBudget) and the overview reads them. */
@Injectable()
export class MongoSmsBudgetAlerts {
  constructor(
    @InjectModel(SmsBudgetAlertRecord.name)
    private readonly alerts: Model<SmsBudgetAlertRecord>,
  ) {}

  async record(at: Date): Promise<void> {
    await this.alerts
      .updateOne({ _id: ALERT_ID }, { $set: { lastExhaustedAt: at } }, { upsert: true })
      .exec();
  }

  async lastExhaustedAt(): Promise<Date | null> {
    const record = await this.alerts.findById(ALERT_ID).lean<SmsBudgetAlertRecord>().exec();
    return record?.lastExhaustedAt ?? null;
  }
}
