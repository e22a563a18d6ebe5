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

/**
 * The provider ids of the DLT-registered notice templates (SMS_NOTICE_TEMPLATE_IDS), by template
 * name; `local`: `local-<name>`, as the local SMS inbox registers them.
 */
export class SmsNoticeTemplateIds {
  constructor(private readonly ids: Readonly<Record<string, string>> | 'local') {}

  idOf(name: string): string | undefined {
    return this.ids === 'local' ? `local-${name}` : this.ids[name];
  }
}
