/**
 * What Paylock tells people about their deals (#39): the kinds of notice, who they are for, and the
 * notice itself as the bell shows it. Plain TypeScript.
 */

export const NOTIFICATION_KINDS = [
  'deal_accepted',
  'funding_due',
  'milestone_funded',
  'work_submitted',
  'changes_requested',
  'approved',
  'auto_approved',
  'released',
  'settled',
  'dispute_opened',
  'dispute_answered',
  'dispute_decided',
  'refunded',
  'funding_reminder',
  'approval_reminder',
  'resubmit_reminder',
  'funding_overdue',
  'approval_overdue',
  'release_overdue',
  // Not from a deal's history: told by the media kit when a brand requests a package (#42).
  'package_requested',
  'auto_approved_twice',
  'admin_nudge',
  'cancellation_proposed',
  'cancellation_agreed',
  'invoice_issued',
  // Not a deal's event: support answered the person's request (#41, AccountNotices).
  'support_answered',
  // Not a deal's event: the copy of the person's data they asked for is ready (#41).
  'data_export_ready',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The people a deal's notice may be for. */
export const AUDIENCES = ['creator', 'brand', 'admins'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const CHANNELS = ['in_app', 'email', 'sms'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Transactional notices cannot be turned off; reminders can (per channel, e-mail and SMS). */
export type NoticeCategory = 'transactional' | 'reminder';

/**
 * Whose inbox a notice is in: `user:<accountId>` (a creator), `brand:<accountId>` (a brand
 * workspace), `email:<address>` (a brand that accepted by e-mail: no bell, mail only), `admins`.
 */
export type RecipientKey = string;

/** One notice in a person's bell. */
export interface Notification {
  /** `<recipient>:<time-sortable id>`: a person's notices are one key range, newest last. */
  readonly id: string;
  readonly recipient: RecipientKey;
  readonly kind: NotificationKind;
  readonly eventId: string;
  readonly dealId: string;
  readonly milestoneId: string | null;
  readonly title: string;
  readonly body: string;
  /** Where the one action is: a path of the web app (the bell is signed in). */
  readonly actionPath: string;
  readonly actionLabel: string;
  readonly at: Date;
  readonly readAt: Date | null;
}

/** Whether a recipient key can sign in and so has a bell. */
export function hasBell(recipient: RecipientKey): boolean {
  return !recipient.startsWith('email:');
}

/**
 * A notice's id: the recipient, then the event's time (ISO, sortable as text), then the event id,
 * so that the same event always makes the same id (inserting it twice stores one).
 */
export function notificationIdOf(recipient: RecipientKey, at: Date, eventId: string): string {
  return `${recipient}:${at.toISOString()}:${eventId}`;
}

/** The lowest and the highest id of a recipient's range (`;` sorts right after `:`). */
export function recipientRange(recipient: RecipientKey): {
  readonly from: string;
  readonly to: string;
} {
  return { from: `${recipient}:`, to: `${recipient};` };
}
