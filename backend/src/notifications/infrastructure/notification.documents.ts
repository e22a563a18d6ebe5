import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { FieldsOf } from '../../database/claim-once.js';
import { declaredModel } from '../../database/declared-model.js';
import type { Channel, NotificationKind, RecipientKey } from '../domain/notification.js';

/**
 * The notifications' collections with fixed names, each declared here once. Every adapter is built
 * on a connection (the specs make theirs on one of their own), so it takes its models from
 * `declaredModel`. None has a secondary index; each is created by its first write, as before
 * (`autoCreate: false`). The collections named at run time (the reminders' hour buckets, the sends'
 * partitions) have no schema: their adapters reach them through the database kit.
 */
const FIXED = { versionKey: false, autoIndex: false, autoCreate: false } as const;
// A string field is never `required`: Mongoose refuses '' as missing, and an account notice (about
// no deal) stores an empty `dealId` and may have empty words.

export const DELIVERIES = 'notification_deliveries';
export const DELIVERY_TAKEOVERS = 'notification_delivery_takeovers';
export const REMINDERS = 'notification_reminders';
export const REMINDER_HOURS = 'notification_reminder_hours';
export const PREFERENCES = 'notification_preferences';
export const NUDGES = 'notification_nudges';
export const NOTIFICATIONS = 'notifications';
export const UNREAD_COUNTERS = 'notification_counters';
export const READ_MARKS = 'notification_reads';
export const FEED_CURSORS = 'notification_cursors';
export const DEAL_PROGRESS = 'notification_deal_progress';
export const FORGOTTEN_RECIPIENTS = 'notification_forgotten_recipients';

/** One delivery (event, person, channel) claimed by its insert: `_id` is `deliveryIdOf`. */
@Schema({ ...FIXED, collection: DELIVERIES })
export class NotificationDeliveryRecord {
  @Prop({ type: String })
  _id!: string;

  @Prop({ type: String })
  eventId!: string;

  @Prop({ type: String })
  recipient!: RecipientKey;

  @Prop({ type: String })
  channel!: Channel;

  @Prop({ type: String })
  dealId!: string;

  @Prop({ type: String })
  milestoneId!: string | null;

  @Prop({ type: String })
  kind!: string;

  @Prop({ type: Date, required: true })
  at!: Date;

  @Prop({ type: String })
  outboxKey!: string | null;

  @Prop({ type: String })
  status!: 'claimed' | 'done';

  @Prop({ type: Date, required: true })
  claimedAt!: Date;

  /** 1 for the first claim, +1 for each takeover of a lapsed one. */
  @Prop({ type: Number })
  attempt?: number;

  @Prop({ type: Date })
  doneAt?: Date;
}

export type DeliveryDocument = FieldsOf<NotificationDeliveryRecord>;
export const NotificationDeliverySchema = SchemaFactory.createForClass(NotificationDeliveryRecord);

/**
 * A claim with nothing but its key and time: `_id` names what was claimed (a delivery's takeover
 * `<delivery>#<attempt>`, a read mark by the notice's id, a deal's nudge of a day, a forgotten
 * recipient). One class, one schema per collection.
 */
class KeyedMomentRecord {
  @Prop({ type: String })
  _id!: string;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export type KeyedMomentDocument = FieldsOf<KeyedMomentRecord>;

@Schema({ ...FIXED, collection: DELIVERY_TAKEOVERS })
export class NotificationDeliveryTakeoverRecord extends KeyedMomentRecord {}
export const NotificationDeliveryTakeoverSchema = SchemaFactory.createForClass(
  NotificationDeliveryTakeoverRecord,
);

/** `_id: "<notice id>"`: the insert that wins moves the unread counter. */
@Schema({ ...FIXED, collection: READ_MARKS })
export class NotificationReadRecord extends KeyedMomentRecord {}
export const NotificationReadSchema = SchemaFactory.createForClass(NotificationReadRecord);

/** `_id: "<dealId>:<India day>"`: the insert that wins is the day's one nudge. */
@Schema({ ...FIXED, collection: NUDGES })
export class NotificationNudgeRecord extends KeyedMomentRecord {}
export const NotificationNudgeSchema = SchemaFactory.createForClass(NotificationNudgeRecord);

/** The recipient's key (an account id, no personal data) and when it was forgotten. */
@Schema({ ...FIXED, collection: FORGOTTEN_RECIPIENTS })
export class ForgottenRecipientRecord extends KeyedMomentRecord {}
export const ForgottenRecipientSchema = SchemaFactory.createForClass(ForgottenRecipientRecord);

/** An hour (`YYYYMMDDHH`, UTC) whose bucket holds reminders. */
@Schema({ ...FIXED, collection: REMINDER_HOURS })
export class NotificationReminderHourRecord {
  @Prop({ type: String })
  _id!: string;
}
export const NotificationReminderHourSchema = SchemaFactory.createForClass(
  NotificationReminderHourRecord,
);

/** A person's reminder choices, `_id` the recipient key. */
@Schema({ ...FIXED, collection: PREFERENCES })
export class NotificationPreferencesRecord {
  @Prop({ type: String })
  _id!: string;

  @Prop({ type: Boolean, required: true })
  remindersByEmail!: boolean;

  @Prop({ type: Boolean, required: true })
  remindersBySms!: boolean;
}
export const NotificationPreferencesSchema = SchemaFactory.createForClass(
  NotificationPreferencesRecord,
);

/** One notice in a bell: `_id` is the notice's id (`<recipient>:<ISO time>:<event id>`). */
@Schema({ ...FIXED, collection: NOTIFICATIONS })
export class NotificationRecord {
  @Prop({ type: String })
  _id!: string;

  @Prop({ type: String })
  recipient!: RecipientKey;

  @Prop({ type: String })
  kind!: NotificationKind;

  @Prop({ type: String })
  eventId!: string;

  @Prop({ type: String })
  dealId!: string;

  @Prop({ type: String })
  milestoneId!: string | null;

  @Prop({ type: String })
  title!: string;

  @Prop({ type: String })
  body!: string;

  @Prop({ type: String })
  actionPath!: string;

  @Prop({ type: String })
  actionLabel!: string;

  @Prop({ type: Date, required: true })
  at!: Date;

  @Prop({ type: Date })
  readAt!: Date | null;
}

export type NotificationDocument = FieldsOf<NotificationRecord>;
export const NotificationSchema = SchemaFactory.createForClass(NotificationRecord);

/** A person's unread count, `_id` the recipient key. */
@Schema({ ...FIXED, collection: UNREAD_COUNTERS })
export class NotificationCounterRecord {
  @Prop({ type: String })
  _id!: string;

  @Prop({ type: Number, required: true })
  unread!: number;
}
export const NotificationCounterSchema = SchemaFactory.createForClass(NotificationCounterRecord);

/** Where the follower of the deals' history stands (one document, `_id: "deal-history"`). */
@Schema({ ...FIXED, collection: FEED_CURSORS })
export class NotificationCursorRecord {
  @Prop({ type: String })
  _id!: string;

  /** The deals' write log position after the last write read ('' : from the first). */
  @Prop({ type: String })
  position!: string;

  @Prop({ type: Date, required: true })
  startedAt!: Date;
}

export type CursorDocument = FieldsOf<NotificationCursorRecord>;
export const NotificationCursorSchema = SchemaFactory.createForClass(NotificationCursorRecord);

/** Per deal (`_id`), how many of its history entries became notices. */
@Schema({ ...FIXED, collection: DEAL_PROGRESS })
export class NotificationDealProgressRecord {
  @Prop({ type: String })
  _id!: string;

  @Prop({ type: Number, required: true })
  seen!: number;
}
export const NotificationDealProgressSchema = SchemaFactory.createForClass(
  NotificationDealProgressRecord,
);

/** The notifications' models on `connection`, each compiled once per connection. */
export function notificationModelsOn(connection: Connection) {
  return {
    deliveries: declaredModel(
      connection,
      NotificationDeliveryRecord.name,
      NotificationDeliverySchema,
    ),
    takeovers: declaredModel(
      connection,
      NotificationDeliveryTakeoverRecord.name,
      NotificationDeliveryTakeoverSchema,
    ),
    reads: declaredModel(connection, NotificationReadRecord.name, NotificationReadSchema),
    nudges: declaredModel(connection, NotificationNudgeRecord.name, NotificationNudgeSchema),
    forgotten: declaredModel(connection, ForgottenRecipientRecord.name, ForgottenRecipientSchema),
    reminderHours: declaredModel(
      connection,
      NotificationReminderHourRecord.name,
      NotificationReminderHourSchema,
    ),
    preferences: declaredModel(
      connection,
      NotificationPreferencesRecord.name,
      NotificationPreferencesSchema,
    ),
    notifications: declaredModel(connection, NotificationRecord.name, NotificationSchema),
    counters: declaredModel(connection, NotificationCounterRecord.name, NotificationCounterSchema),
    cursors: declaredModel(connection, NotificationCursorRecord.name, NotificationCursorSchema),
    progresses: declaredModel(
      connection,
      NotificationDealProgressRecord.name,
      NotificationDealProgressSchema,
    ),
  };
}
