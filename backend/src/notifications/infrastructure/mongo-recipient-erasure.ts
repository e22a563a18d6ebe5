import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { upsertRacing } from '../../database/duplicate-key.js';
import { RecipientErasure } from '../application/ports/recipient-erasure.js';
import { type RecipientKey, recipientRange } from '../domain/notification.js';
import { NOTIFICATIONS, READ_MARKS, UNREAD_COUNTERS } from './mongo-in-app-inbox.js';
import { PREFERENCES, REMINDER_HOURS, reminderBucketOf } from './mongo-notification-stores.js';

export const FORGOTTEN_RECIPIENTS = 'notification_forgotten_recipients';

/** The recipient's key (an account id, no personal data) and when it was forgotten. */
interface ForgottenDocument {
  _id: string;
  at: Date;
}

/** Deletes by the keys the stores are read by: the recipient's id range, its own keys, its deals. */
@Injectable()
export class MongoRecipientErasure extends RecipientErasure {
  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
  }

  async forget(recipient: RecipientKey, dealIds: readonly string[], at: Date): Promise<void> {
    const forgotten = this.connection.collection<ForgottenDocument>(FORGOTTEN_RECIPIENTS);
    await upsertRacing(() =>
      forgotten.updateOne({ _id: recipient }, { $setOnInsert: { at } }, { upsert: true }),
    );
    const range = recipientRange(recipient);
    const ofRecipient = { _id: { $gt: range.from, $lt: range.to } };
    await this.keyed(NOTIFICATIONS).deleteMany(ofRecipient);
    await this.keyed(READ_MARKS).deleteMany(ofRecipient);
    await this.keyed(UNREAD_COUNTERS).deleteOne({ _id: recipient });
    await this.keyed(PREFERENCES).deleteOne({ _id: recipient });
    if (dealIds.length > 0) await this.forgetReminders(dealIds);
  }

  async isForgotten(recipient: RecipientKey): Promise<boolean> {
    const found = await this.keyed(FORGOTTEN_RECIPIENTS).findOne({ _id: recipient });
    return found !== null;
  }

  private async forgetReminders(dealIds: readonly string[]): Promise<void> {
    const hours = await this.keyed(REMINDER_HOURS).find({}).toArray();
    for (const { _id: hour } of hours) {
      await this.connection
        .collection(reminderBucketOf(hour))
        .deleteMany({ dealId: { $in: [...dealIds] } });
    }
  }

  private keyed(name: string) {
    return this.connection.collection<{ _id: string }>(name);
  }
}
