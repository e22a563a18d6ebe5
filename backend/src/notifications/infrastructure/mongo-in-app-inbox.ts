import { Injectable } from '@nestjs/common';
import { OneWritePerKey } from '../../database/one-write-per-key.js';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { insertedFirst, upsertRacing } from '../../database/duplicate-key.js';
import { type Notification, type RecipientKey, recipientRange } from '../domain/notification.js';
import { InAppInbox, type NotificationPage } from '../application/ports/notification-ports.js';

export const NOTIFICATIONS = 'notifications';
export const UNREAD_COUNTERS = 'notification_counters';
export const READ_MARKS = 'notification_reads';

type NotificationDocument = Omit<Notification, 'id'> & { _id: string };
interface CounterDocument {
  _id: string;
  unread: number;
}

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
  private readonly notifications: Collection<NotificationDocument>;
  private readonly counters: Collection<CounterDocument>;
  private readonly reads: Collection<{ _id: string; at: Date }>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.reads = connection.collection<{ _id: string; at: Date }>(READ_MARKS);
    this.notifications = connection.collection<NotificationDocument>(NOTIFICATIONS);
    this.counters = connection.collection<CounterDocument>(UNREAD_COUNTERS);
  }

  async add(notification: Notification): Promise<boolean> {
    const { id, ...rest } = notification;
    const stored = await insertedFirst(() => this.notifications.insertOne({ _id: id, ...rest }));
    if (stored) await this.bump(notification.recipient, 1);
    return stored;
  }

  private async bump(recipient: RecipientKey, by: number): Promise<void> {
    await this.counterWrites.run(recipient, () =>
      upsertRacing(() =>
        this.counters.updateOne({ _id: recipient }, { $inc: { unread: by } }, { upsert: true }),
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
      .toArray();
    const items = found.slice(0, limit).map(toNotification);
    return { items, nextAfter: found.length > limit ? (items.at(-1)?.id ?? null) : null };
  }

  async unread(recipient: RecipientKey): Promise<number> {
    const found = await this.counters.findOne({ _id: recipient });
    return Math.max(found?.unread ?? 0, 0);
  }

  async markRead(recipient: RecipientKey, id: string, at: Date): Promise<boolean> {
    const range = recipientRange(recipient);
    if (!(id > range.from && id < range.to)) return false;
    const found = await this.notifications.findOne({ _id: id }, { projection: { readAt: 1 } });
    if (!found || found.readAt !== null) return false;
    // The counter moves for the one caller whose insert marks it read (a conditional update is
    // not atomic on FerretDB: two racing readers would both count it).
    const first = await insertedFirst(() => this.reads.insertOne({ _id: id, at }));
    if (!first) return false;
    await this.notifications.updateOne({ _id: id }, { $set: { readAt: at } });
    await this.bump(recipient, -1);
    return true;
  }

  async markAllRead(recipient: RecipientKey, at: Date): Promise<number> {
    const range = recipientRange(recipient);
    const unread = await this.notifications
      .find({ _id: { $gt: range.from, $lt: range.to }, readAt: null }, { projection: { _id: 1 } })
      .toArray();
    let marked = 0;
    for (const { _id } of unread) if (await this.markRead(recipient, _id, at)) marked += 1;
    return marked;
  }
}
