/** The notifications' contract face: what is told, to whom, and the schedule (pure TS). */
export {
  AUDIENCES,
  CHANNELS,
  NOTIFICATION_KINDS,
  type Audience,
  type Channel,
  type Notification,
  type NotificationKind,
} from './domain/notification.js';
export { WHO_GETS_WHAT } from './domain/who-gets-what.js';
export { DEFAULT_REMINDER_SCHEDULE, type ReminderSchedule } from './domain/reminder-schedule.js';
export { RecipientErasure } from './application/ports/recipient-erasure.js';
