import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { CollectionFamily } from '../../database/collection-family.js';
import { insertedFirst, upsertRacing } from '../../database/duplicate-key.js';
import {
  DeliveryClaims,
  type DeliveryRecord,
  NudgeClaims,
  PreferencesStore,
  ReminderQueue,
} from '../application/ports/notification-ports.js';
import { deliveryIdOf } from '../domain/notice-sends.js';
import type { RecipientKey } from '../domain/notification.js';
import type { Reminder } from '../domain/reminder-schedule.js';
import { DEFAULT_PREFERENCES, type NoticePreferences } from '../domain/who-gets-what.js';
import {
  type DeliveryDocument,
  type NotificationDeliveryRecord,
  type NotificationDeliveryTakeoverRecord,
  notificationModelsOn,
  type NotificationNudgeRecord,
  type NotificationPreferencesRecord,
  type NotificationReminderHourRecord,
  REMINDERS,
} from './notification.documents.js';

export {
  DELIVERIES,
  DELIVERY_TAKEOVERS,
  NUDGES,
  PREFERENCES,
  REMINDER_HOURS,
  REMINDERS,
} from './notification.documents.js';
export { deliveryIdOf } from '../domain/notice-sends.js';

/** Claim-once by an insert against `_id` (atomic on MongoDB and FerretDB alike). */
@Injectable()
export class MongoDeliveryClaims extends DeliveryClaims {
  private readonly deliveries: Model<NotificationDeliveryRecord>;
  private readonly takeovers: Model<NotificationDeliveryTakeoverRecord>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    ({ deliveries: this.deliveries, takeovers: this.takeovers } = notificationModelsOn(connection));
  }

  async claim(record: DeliveryRecord, staleBefore: Date): Promise<boolean> {
    const _id = deliveryIdOf(record);
    const claimed = await insertedFirst(() =>
      this.deliveries.create({
        _id,
        ...record,
        status: 'claimed',
        claimedAt: record.at,
        attempt: 1,
      } satisfies DeliveryDocument),
    );
    if (claimed) return true;
    // Its holder died before handing it over: the next attempt is claimed by an insert too (a
    // conditional update is not atomic on FerretDB: two racing takers would both "win").
    const current = await this.deliveries.findById(_id).lean<DeliveryDocument>().exec();
    if (!current || current.status === 'done' || current.claimedAt >= staleBefore) return false;
    const attempt = (current.attempt ?? 1) + 1;
    const takenOver = await insertedFirst(() =>
      this.takeovers.create({ _id: `${_id}#${String(attempt)}`, at: record.at }),
    );
    if (takenOver) {
      await this.deliveries.updateOne({ _id }, { $set: { attempt, claimedAt: record.at } }).exec();
    }
    return takenOver;
  }

  async done(record: DeliveryRecord, at: Date): Promise<void> {
    await this.deliveries
      .updateOne({ _id: deliveryIdOf(record) }, { $set: { status: 'done', doneAt: at } })
      .exec();
  }

  async isDone(record: DeliveryRecord): Promise<boolean> {
    const found = await this.deliveries
      .findById(deliveryIdOf(record))
      .lean<DeliveryDocument>()
      .exec();
    return found?.status === 'done';
  }

  async ofDeal(dealId: string): Promise<DeliveryRecord[]> {
    const found = await this.deliveries
      .find({ dealId })
      .sort({ at: 1 })
      .lean<DeliveryDocument[]>()
      .exec();
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

/** The hour a reminder is due in, as its bucket names it: "2026120104" (UTC, sorts as text). */
export function reminderHourOf(dueAt: Date): string {
  return dueAt.toISOString().slice(0, 13).replace(/[-T]/g, '');
}

/**
 * One collection per hour of due times: `notification_reminders_<YYYYMMDDHH>` (UTC), named at run
 * time, so reached through the database kit, without a schema.
 */
export function reminderBucketsOn(connection: Connection): CollectionFamily<ReminderDocument> {
  return new CollectionFamily<ReminderDocument>(connection, REMINDERS);
}

/** The collection holding the reminders due in `hour`. */
export function reminderBucketOf(hour: string): string {
  return `${REMINDERS}_${hour}`;
}

/**
 * `_id: "<dueAt ISO>:<key>"`: one document per step (scheduling it twice stores one); ISO times
 * sort as text, so within a bucket the due ones are the ids below `"<now ISO>;"`.
 */
export function reminderIdOf(reminder: Pick<Reminder, 'dueAt' | 'key'>): string {
  return `${reminder.dueAt.toISOString()}:${reminder.key}`;
}

/**
 * The reminders, bucketed by the hour they are due in, so that a pass costs O(due) on FerretDB
 * too, where every read scans its whole collection (docs/performance.md): a pass reads the small
 * list of hours that hold reminders (`notification_reminder_hours`, one document per hour), then
 * only the buckets of the hours already begun. A bucket found empty is retired from the list.
 */
@Injectable()
export class MongoReminderQueue extends ReminderQueue {
  private readonly hours: Model<NotificationReminderHourRecord>;
  private readonly buckets: CollectionFamily<ReminderDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.hours = notificationModelsOn(connection).reminderHours;
    this.buckets = reminderBucketsOn(connection);
  }

  /** The reminder first, then its hour: a pass that retires the hour meanwhile sees it again. */
  async schedule(reminders: readonly Reminder[]): Promise<void> {
    for (const reminder of reminders) {
      const hour = reminderHourOf(reminder.dueAt);
      await insertedFirst(() =>
        this.buckets.of(hour).insertOne({ _id: reminderIdOf(reminder), ...reminder }),
      );
      await insertedFirst(() => this.hours.create({ _id: hour }));
    }
  }

  async due(now: Date, limit: number): Promise<Reminder[]> {
    const current = reminderHourOf(now);
    const begun = (
      await this.hours
        .find({ _id: { $lte: current } })
        .lean<{ _id: string }[]>()
        .exec()
    )
      .map(({ _id }) => _id)
      .sort();
    const found: ReminderDocument[] = [];
    for (const hour of begun) {
      if (found.length >= limit) break;
      const dueInHour = hour === current ? { _id: { $lt: `${now.toISOString()};` } } : {};
      const documents = await this.buckets
        .of(hour)
        .find(dueInHour)
        .sort({ _id: 1 })
        .limit(limit - found.length)
        .toArray();
      if (documents.length === 0 && hour < current) await this.retire(hour);
      found.push(...documents);
    }
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
    await this.buckets
      .of(reminderHourOf(reminder.dueAt))
      .deleteOne({ _id: reminderIdOf(reminder) });
  }

  /** Takes an emptied past hour off the list, unless a late reminder landed in it meanwhile. */
  private async retire(hour: string): Promise<void> {
    await this.hours.deleteOne({ _id: hour }).exec();
    if ((await this.buckets.of(hour).countDocuments({}, { limit: 1 })) > 0) {
      await insertedFirst(() => this.hours.create({ _id: hour }));
    }
  }
}

@Injectable()
export class MongoPreferencesStore extends PreferencesStore {
  private readonly preferences: Model<NotificationPreferencesRecord>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.preferences = notificationModelsOn(connection).preferences;
  }

  async get(recipient: RecipientKey): Promise<NoticePreferences> {
    const found = await this.preferences
      .findById(recipient)
      .lean<NotificationPreferencesRecord>()
      .exec();
    return found
      ? { remindersByEmail: found.remindersByEmail, remindersBySms: found.remindersBySms }
      : DEFAULT_PREFERENCES;
  }

  async set(recipient: RecipientKey, preferences: NoticePreferences): Promise<void> {
    const { remindersByEmail, remindersBySms } = preferences;
    await upsertRacing(() =>
      this.preferences
        .updateOne(
          { _id: recipient },
          { $set: { remindersByEmail, remindersBySms } },
          { upsert: true },
        )
        .exec(),
    );
  }
}

/** `_id: "<dealId>:<India day>"`: the insert that wins is the day's one nudge. */
@Injectable()
export class MongoNudgeClaims extends NudgeClaims {
  private readonly nudges: Model<NotificationNudgeRecord>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.nudges = notificationModelsOn(connection).nudges;
  }

  claim(dealId: string, day: string, at: Date): Promise<boolean> {
    return insertedFirst(() => this.nudges.create({ _id: `${dealId}:${day}`, at }));
  }
}
