import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { upsertRacing } from '../../database/duplicate-key.js';
import { RecipientErasure } from '../application/ports/recipient-erasure.js';
import { type RecipientKey, recipientRange } from '../domain/notification.js';
import { notificationModelsOn } from './notification.documents.js';
import { reminderBucketsOn } from './mongo-notification-stores.js';

export { FORGOTTEN_RECIPIENTS } from './notification.documents.js';

/** Deletes by the keys the stores are read by: the recipient's id range, its own keys, its deals. */
@Injectable()
export class MongoRecipientErasure extends RecipientErasure {
  private readonly models: ReturnType<typeof notificationModelsOn>;
  private readonly reminderBuckets: ReturnType<typeof reminderBucketsOn>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.models = notificationModelsOn(connection);
    this.reminderBuckets = reminderBucketsOn(connection);
  }

  async forget(recipient: RecipientKey, dealIds: readonly string[], at: Date): Promise<void> {
    const { forgotten, notifications, reads, counters, preferences } = this.models;
    await upsertRacing(() =>
      forgotten.updateOne({ _id: recipient }, { $setOnInsert: { at } }, { upsert: true }).exec(),
    );
    const range = recipientRange(recipient);
    const ofRecipient = { _id: { $gt: range.from, $lt: range.to } };
    await notifications.deleteMany(ofRecipient).exec();
    await reads.deleteMany(ofRecipient).exec();
    await counters.deleteOne({ _id: recipient }).exec();
    await preferences.deleteOne({ _id: recipient }).exec();
    if (dealIds.length > 0) await this.forgetReminders(dealIds);
  }

  async isForgotten(recipient: RecipientKey): Promise<boolean> {
    const found = await this.models.forgotten.exists({ _id: recipient }).exec();
    return found !== null;
  }

  private async forgetReminders(dealIds: readonly string[]): Promise<void> {
    const hours = await this.models.reminderHours.find({}).lean<{ _id: string }[]>().exec();
    for (const { _id: hour } of hours) {
      await this.reminderBuckets.of(hour).deleteMany({ dealId: { $in: [...dealIds] } });
    }
  }
}
