import type { Audience, Channel, NoticeCategory, NotificationKind } from './notification.js';

/** One row of the table: who is told, and whether they may turn it off. */
export interface NoticeRule {
  readonly audiences: readonly Audience[];
  readonly category: NoticeCategory;
}

/**
 * Who gets what (#39, docs/notifications.md): the table is data, tested row by row. Each person
 * is told through every channel they have (in-app if they can sign in, e-mail if an address is
 * known, SMS for a brand that signed in by phone), reminders only where they did not turn them off.
 */
export const WHO_GETS_WHAT: Readonly<Record<NotificationKind, NoticeRule>> = {
  deal_accepted: { audiences: ['creator'], category: 'transactional' },
  funding_due: { audiences: ['brand'], category: 'transactional' },
  milestone_funded: { audiences: ['creator'], category: 'transactional' },
  work_submitted: { audiences: ['brand'], category: 'transactional' },
  changes_requested: { audiences: ['creator'], category: 'transactional' },
  approved: { audiences: ['creator', 'brand'], category: 'transactional' },
  auto_approved: { audiences: ['creator', 'brand'], category: 'transactional' },
  released: { audiences: ['creator', 'brand'], category: 'transactional' },
  settled: { audiences: ['creator'], category: 'transactional' },
  dispute_opened: { audiences: ['creator', 'brand', 'admins'], category: 'transactional' },
  dispute_answered: { audiences: ['creator', 'brand', 'admins'], category: 'transactional' },
  dispute_decided: { audiences: ['creator', 'brand', 'admins'], category: 'transactional' },
  refunded: { audiences: ['brand'], category: 'transactional' },
  funding_reminder: { audiences: ['brand'], category: 'reminder' },
  approval_reminder: { audiences: ['brand'], category: 'reminder' },
  resubmit_reminder: { audiences: ['creator'], category: 'reminder' },
  // Escalations: a milestone stuck past a threshold, for the admins (who cannot turn them off).
  funding_overdue: { audiences: ['admins'], category: 'transactional' },
  approval_overdue: { audiences: ['admins'], category: 'transactional' },
  release_overdue: { audiences: ['admins'], category: 'transactional' },
  // Told in-app to the creator by the media kit (InAppNotices), never from a deal's history.
  package_requested: { audiences: [], category: 'transactional' },
  // The brand let a second approval window of one deal run out (#39 item 8).
  auto_approved_twice: { audiences: ['admins'], category: 'transactional' },
  // An admin's personal note to a brand the money waits on (from the waiting list, audited).
  admin_nudge: { audiences: ['brand'], category: 'transactional' },
  // Cancelling by agreement: to the other party (proposed), to the proposer (agreed); the event
  // names which side (DealEvent.audiences).
  cancellation_proposed: { audiences: ['creator', 'brand'], category: 'transactional' },
  cancellation_agreed: { audiences: ['creator', 'brand'], category: 'transactional' },
  invoice_issued: { audiences: ['brand'], category: 'transactional' },
  // No deal event makes it: support's answer goes to the person who asked (AccountNotices).
  support_answered: { audiences: [], category: 'transactional' },
  // Nor this: the person's data export is ready (AccountNotices, from the export's worker).
  data_export_ready: { audiences: [], category: 'transactional' },
};

/** A person's choice of reminders per channel; transactional notices ignore it. */
export interface NoticePreferences {
  readonly remindersByEmail: boolean;
  readonly remindersBySms: boolean;
}

export const DEFAULT_PREFERENCES: NoticePreferences = {
  remindersByEmail: true,
  remindersBySms: true,
};

/** The channels a notice of `kind` goes through, of those a person has, after their choices. */
export function channelsFor(
  kind: NotificationKind,
  available: readonly Channel[],
  preferences: NoticePreferences,
): Channel[] {
  if (WHO_GETS_WHAT[kind].category === 'transactional') return [...available];
  return available.filter(
    (channel) =>
      channel === 'in_app' ||
      (channel === 'email' && preferences.remindersByEmail) ||
      (channel === 'sms' && preferences.remindersBySms),
  );
}
