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
export {
  InvoiceNotices,
  type InvoiceNoticeOutcome,
  type IssuedInvoice,
} from './application/invoice-notices.js';
export { AccountNotices, type AccountNotice } from './application/account-notices.use-case.js';
export { DEFAULT_REMINDER_SCHEDULE, type ReminderSchedule } from './domain/reminder-schedule.js';
export { type InAppNotice, InAppNotices, NoticeHistory } from './application/in-app-notices.js';
export { RecipientErasure } from './application/ports/recipient-erasure.js';
