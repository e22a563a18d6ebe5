import { Injectable } from '@nestjs/common';
import { upsertRacing } from './upsert-once.js';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { insertedFirst } from '../../database/duplicate-key.js';
import {
  DeliveryClaims,
  type DeliveryRecord,
  PreferencesStore,
  ReminderQueue,
} from '../application/ports/notification-ports.js';
import type { RecipientKey } from '../domain/notification.js';
import type { Reminder } from '../domain/reminder-schedule.js';
import { DEFAULT_PREFERENCES, type NoticePreferences } from '../domain/who-gets-what.js';

export const DELIVERIES = 'notification_deliveries';
export const REMINDERS = 'notification_reminders';
export const PREFERENCES = 'notification_preferences';
export const DELIVERY_TAKEOVERS = 'notification_delivery_takeovers';

type DeliveryDocument = DeliveryRecord & {
  _id: string;
  status: 'claimed' | 'done';
  claimedAt: Date;
  /** 1 for the first claim, +1 for each takeover of a lapsed one. */
  attempt?: number;
  doneAt?: Date;
};
interface TakeoverDocument {
  _id: string;
  at: Date;
}

/** `<eventId>|<recipient>|<channel>`: one delivery per event, person and channel. */
export function deliveryIdOf(
  record: Pick<DeliveryRecord, 'eventId' | 'recipient' | 'channel'>,
): string {
  return `${record.eventId}|${record.recipient}|${record.channel}`;
}

/** Claim-once by an insert against `_id` (atomic on MongoDB and FerretDB alike). */
@Injectable()
export class MongoDeliveryClaims extends DeliveryClaims {
  private readonly deliveries: Collection<DeliveryDocument>;
  private readonly takeovers: Collection<TakeoverDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.deliveries = connection.collection<DeliveryDocument>(DELIVERIES);
    this.takeovers = connection.collection<TakeoverDocument>(DELIVERY_TAKEOVERS);
  }

  async claim(record: DeliveryRecord, staleBefore: Date): Promise<boolean> {
    const _id = deliveryIdOf(record);
    const claimed = await insertedFirst(() =>
      this.deliveries.insertOne({
        _id,
        ...record,
        status: 'claimed',
        claimedAt: record.at,
        attempt: 1,
      }),
    );
    if (claimed) return true;
    // Its holder died before handing it over: the next attempt is claimed by an insert too (a
    // conditional update is not atomic on FerretDB: two racing takers would both "win").
    const current = await this.deliveries.findOne({ _id });
    if (!current || current.status === 'done' || current.claimedAt >= staleBefore) return false;
    const attempt = (current.attempt ?? 1) + 1;
    const takenOver = await insertedFirst(() =>
      this.takeovers.insertOne({ _id: `${_id}#${String(attempt)}`, at: record.at }),
    );
    if (takenOver) {
      await this.deliveries.updateOne({ _id }, { $set: { attempt, claimedAt: record.at } });
    }
    return takenOver;
  }

  async done(record: DeliveryRecord, at: Date): Promise<void> {
    await this.deliveries.updateOne(
      { _id: deliveryIdOf(record) },
      { $set: { status: 'done', doneAt: at } },
    );
  }

  async ofDeal(dealId: string): Promise<DeliveryRecord[]> {
    const found = await this.deliveries.find({ dealId }).sort({ at: 1 }).toArray();
    return found.map(({ eventId, recipient, channel, milestoneId, kind, at, outboxKey }) => ({
      eventId,
      recipient,
      channel,
      dealId,
      milestoneId,
      kind,
      at,
      outboxKey,
    }));
  }
}

type ReminderDocument = Omit<Reminder, 'key'> & { _id: string; key: string };

/**
 * `_id: "<dueAt ISO>:<key>"`: ISO times sort as text, so the reminders due by now are the range
 * of ids below `"<now ISO>;"`, read in due order: O(due) on MongoDB (the `_id` index); FerretDB 1.24
 * does not serve the sorted range by the key (docs/performance.md, bench:notifications).
 */
export function reminderIdOf(reminder: Pick<Reminder, 'dueAt' | 'key'>): string {
  return `${reminder.dueAt.toISOString()}:${reminder.key}`;
}

@Injectable()
export class MongoReminderQueue extends ReminderQueue {
  private readonly reminders: Collection<ReminderDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.reminders = connection.collection<ReminderDocument>(REMINDERS);
  }

  async schedule(reminders: readonly Reminder[]): Promise<void> {
    for (const reminder of reminders) {
      await insertedFirst(() =>
        this.reminders.insertOne({ _id: reminderIdOf(reminder), ...reminder }),
      );
    }
  }

  async due(now: Date, limit: number): Promise<Reminder[]> {
    const found = await this.reminders
      .find({ _id: { $lt: `${now.toISOString()};` } })
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return found.map(({ dealId, milestoneId, key, kind, whileState, cycle, dueAt }) => ({
      key,
      kind,
      dealId,
      milestoneId,
      whileState,
      cycle,
      dueAt,
    }));
  }

  async remove(reminder: Reminder): Promise<void> {
    await this.reminders.deleteOne({ _id: reminderIdOf(reminder) });
  }
}

type PreferencesDocument = NoticePreferences & { _id: string };

@Injectable()
export class MongoPreferencesStore extends PreferencesStore {
  private readonly preferences: Collection<PreferencesDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.preferences = connection.collection<PreferencesDocument>(PREFERENCES);
  }

  async get(recipient: RecipientKey): Promise<NoticePreferences> {
    const found = await this.preferences.findOne({ _id: recipient });
    return found
      ? { remindersByEmail: found.remindersByEmail, remindersBySms: found.remindersBySms }
      : DEFAULT_PREFERENCES;
  }

  async set(recipient: RecipientKey, preferences: NoticePreferences): Promise<void> {
    await upsertRacing(() =>
      this.preferences.updateOne({ _id: recipient }, { $set: preferences }, { upsert: true }),
    );
  }
}
