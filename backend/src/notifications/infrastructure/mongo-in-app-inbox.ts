import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { insertedFirst, upsertRacing } from '../../database/duplicate-key.js';
import { OneWritePerKey } from '../../database/one-write-per-key.js';
import { type Notification, type RecipientKey, recipientRange } from '../domain/notification.js';
import { InAppInbox, type NotificationPage } from '../application/ports/notification-ports.js';
import {
  type NotificationCounterRecord,
  type NotificationDocument,
  notificationModelsOn,
  type NotificationReadRecord,
  type NotificationRecord,
} from './notification.documents.js';

export { NOTIFICATIONS, READ_MARKS, UNREAD_COUNTERS } from './notification.documents.js';

function toNotification({ _id, ...rest }: NotificationDocument): Notification {
  return { id: _id, ...rest };
}

/**
 * The bell's store, read by `_id` only (FerretDB plans with nothing else): a person's notices are
 * the key range `<recipient>:…`, newest last, so a page is a sorted range read (O(page) on MongoDB; FerretDB 1.24 does not serve a
 * sorted `_id` range by the key: docs/notifications.md, Costs); the unread
 * count is one counter document per person, moved by the writes that change it.
 */
@Injectable()
export class MongoInAppInbox extends InAppInbox {
  private readonly counterWrites = new OneWritePerKey();
  private readonly notifications: Model<NotificationRecord>;
  private readonly counters: Model<NotificationCounterRecord>;
  private readonly reads: Model<NotificationReadRecord>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    const models = notificationModelsOn(connection);
    this.reads = models.reads;
    this.notifications = models.notifications;
    this.counters = models.counters;
  }

  async add(notification: Notification): Promise<boolean> {
    const { id, ...rest } = notification;
    const stored = await insertedFirst(() =>
      this.notifications.create({ _id: id, ...rest } satisfies NotificationDocument),
    );
    if (stored) await this.bump(notification.recipient, 1);
    return stored;
  }

  private async bump(recipient: RecipientKey, by: number): Promise<void> {
    await this.counterWrites.run(recipient, () =>
      upsertRacing(() =>
        this.counters
          .updateOne({ _id: recipient }, { $inc: { unread: by } }, { upsert: true })
          .exec(),
      ),
    );
  }

  async page(
    recipient: RecipientKey,
    before: string | null,
    limit: number,
  ): Promise<NotificationPage> {
    const range = recipientRange(recipient);
    const upper = before !== null && before > range.from && before < range.to ? before : range.to;
    const found = await this.notifications
      .find({ _id: { $gt: range.from, $lt: upper } })
      .sort({ _id: -1 })
      .limit(limit + 1)
      .lean<NotificationDocument[]>()
      .exec();
    const items = found.slice(0, limit).map(toNotification);
    return { items, nextAfter: found.length > limit ? (items.at(-1)?.id ?? null) : null };
  }

  async unread(recipient: RecipientKey): Promise<number> {
    const found = await this.counters.findById(recipient).lean<NotificationCounterRecord>().exec();
    return Math.max(found?.unread ?? 0, 0);
  }

  async markRead(recipient: RecipientKey, id: string, at: Date): Promise<boolean> {
    const range = recipientRange(recipient);
    if (!(id > range.from && id < range.to)) return false;
    const found = await this.notifications
      .findById(id, { readAt: 1 })
      .lean<Pick<NotificationDocument, '_id' | 'readAt'>>()
      .exec();
    if (!found || found.readAt !== null) return false;
    // The counter moves for the one caller whose insert marks it read (a conditional update is
    // not atomic on FerretDB: two racing readers would both count it).
    const first = await insertedFirst(() => this.reads.create({ _id: id, at }));
    if (!first) return false;
    await this.notifications.updateOne({ _id: id }, { $set: { readAt: at } }).exec();
    await this.bump(recipient, -1);
    return true;
  }

  async markAllRead(recipient: RecipientKey, at: Date): Promise<number> {
    const range = recipientRange(recipient);
    const unread = await this.notifications
      .find({ _id: { $gt: range.from, $lt: range.to }, readAt: null }, { _id: 1 })
      .lean<{ _id: string }[]>()
      .exec();
    let marked = 0;
    for (const { _id } of unread) if (await this.markRead(recipient, _id, at)) marked += 1;
    return marked;
  }
}
