import { DEFAULT_REMINDER_SCHEDULE, type ReminderSchedule } from '../domain/reminder-schedule.js';

/** The notifications' settings (defaults in code, docs/operations.md). */
export class NotificationsSettings {
  constructor(
    /** PUBLIC_URL: the web app's origin; action links and unsubscribe links point there. */
    readonly publicUrl: string,
    readonly schedule: ReminderSchedule = DEFAULT_REMINDER_SCHEDULE,
    /** How often each instance follows the deals' history and sends the due reminders. */
    readonly workerIntervalMs = 5_000,
    /** How long an unsubscribe link works. */
    readonly unsubscribeLinkDays = 90,
    /** A delivery claimed but not finished this long ago is taken over (its holder died). */
    readonly claimLeaseMs = 60_000,
  ) {}
}
