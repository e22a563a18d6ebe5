import type { Audience, Channel, NotificationKind, RecipientKey } from './notification.js';

/**
 * Where one delivery stands (#39 item 7): in-app notices are `delivered` once in the bell; an
 * e-mail or SMS is `queued` in its outbox, then `sent`, or `retrying` after a failed attempt, or
 * `failed` when its outbox gave up (the outboxes report each status they record).
 */
export const SEND_STATUSES = ['delivered', 'queued', 'sent', 'retrying', 'failed'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/** One thing Paylock sent about a deal: what, to whom, when, by which channel, and how it went. */
export interface NoticeSend {
  /** The delivery's id (`<eventId>|<recipient>|<channel>`): one per event, person and channel. */
  readonly id: string;
  readonly dealId: string;
  readonly milestoneId: string | null;
  readonly kind: NotificationKind;
  /** Its words' title (the e-mail's subject). */
  readonly title: string;
  readonly audience: Audience;
  readonly recipient: RecipientKey;
  readonly channel: Channel;
  readonly at: Date;
  readonly status: SendStatus;
  readonly statusAt: Date;
}

/** `<eventId>|<recipient>|<channel>`: one delivery per event, person and channel. */
export function deliveryIdOf(delivery: {
  readonly eventId: string;
  readonly recipient: RecipientKey;
  readonly channel: Channel;
}): string {
  return `${delivery.eventId}|${delivery.recipient}|${delivery.channel}`;
}

/** The outboxes' reference of a send: `notice|<dealId>|<send id>` (a deal id holds no `|`). */
export function sendReportOf(send: Pick<NoticeSend, 'dealId' | 'id'>): string {
  return `notice|${send.dealId}|${send.id}`;
}

/** The deal and send an outbox's report is about, or null for another queuer's reference. */
export function sendOfReport(ref: string): { dealId: string; id: string } | null {
  const [prefix, dealId, ...rest] = ref.split('|');
  if (prefix !== 'notice' || dealId === undefined || rest.length === 0) return null;
  return { dealId, id: rest.join('|') };
}

/** What each side may see of a deal's sends: the creator both sides', a brand only its own. */
export function sendsVisibleTo(
  sends: readonly NoticeSend[],
  viewer: 'creator' | 'brand',
): NoticeSend[] {
  return sends.filter(({ audience }) =>
    viewer === 'brand' ? audience === 'brand' : audience !== 'admins',
  );
}
