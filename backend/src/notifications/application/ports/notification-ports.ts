import type { DealWrite } from '../../../deals/deals.contract.js';
import type { Channel, Notification, RecipientKey } from '../../domain/notification.js';
import type { NoticeSend, SendStatus } from '../../domain/notice-sends.js';
import type { Reminder } from '../../domain/reminder-schedule.js';
import type { NoticePreferences } from '../../domain/who-gets-what.js';

/** A deal as one of its writes left it: the deals' history, followed (their write log's). */
export type DealChange = DealWrite;

/**
 * The deals' history, followed (adapter: the deals' claim log). Changes come in the order they
 * were written, at least once; a pass resumes after the last position it saved.
 */
export abstract class DealHistoryFeed {
  /** Records now as the start of following, unless a start is recorded (idempotent). */
  abstract open(): Promise<void>;
  /** The next changes after the saved position, at most `limit`, and the position after them. */
  abstract next(
    limit: number,
  ): Promise<{ readonly changes: DealChange[]; readonly position: string }>;
  /** Moves the saved position forward (never back). */
  abstract save(position: string): Promise<void>;
  /** How many of the deal's history entries were already turned into notices, and from when. */
  abstract progress(dealId: string): Promise<{ readonly seen: number; readonly since: Date }>;
  /** Records that the first `seen` entries are done (never lowers it). */
  abstract markSeen(dealId: string, seen: number): Promise<void>;
}

/** A page of a person's notices, newest first. */
export interface NotificationPage {
  readonly items: readonly Notification[];
  /** The id after which the next page starts, or null on the last page. */
  readonly nextAfter: string | null;
}

/** The bell's store: a person's notices by key range, and their unread counter. */
export abstract class InAppInbox {
  /** Stores the notice under its id: true for the one call that stored it (the counter moves once). */
  abstract add(notification: Notification): Promise<boolean>;
  abstract page(
    recipient: RecipientKey,
    before: string | null,
    limit: number,
  ): Promise<NotificationPage>;
  abstract unread(recipient: RecipientKey): Promise<number>;
  /** Marks one read: true if it was unread. */
  abstract markRead(recipient: RecipientKey, id: string, at: Date): Promise<boolean>;
  /** Marks all read; answers how many were unread. */
  abstract markAllRead(recipient: RecipientKey, at: Date): Promise<number>;
}

/** One delivery of a notice, as the deal's timeline shows it. */
export interface DeliveryRecord {
  readonly eventId: string;
  readonly recipient: RecipientKey;
  readonly channel: Channel;
  readonly dealId: string;
  readonly milestoneId: string | null;
  readonly kind: string;
  readonly at: Date;
  /** The outbox key of an e-mail or SMS (its delivery status is the outbox's). */
  readonly outboxKey: string | null;
}

/**
 * Claim-once per event, person and channel: the first `claim` of a key wins, across instances.
 * A claim not yet `done` (its holder died) may be taken over after `staleBefore`.
 */
export abstract class DeliveryClaims {
  /** True when this caller should deliver: a new claim, or one left undone since before `staleBefore`. */
  abstract claim(record: DeliveryRecord, staleBefore: Date): Promise<boolean>;
  abstract done(record: DeliveryRecord, at: Date): Promise<void>;
  /** Whether the delivery was handed over (its claim marked done). */
  abstract isDone(record: DeliveryRecord): Promise<boolean>;
  abstract ofDeal(dealId: string): Promise<DeliveryRecord[]>;
}

/**
 * The deal's timeline of what was sent (#39 item 7), kept per deal: each send recorded when it is
 * handed over, its status moved by the outboxes' reports; read by deal, never from the outboxes.
 */
export abstract class DealSends {
  /** Records the send (a second call for the same id changes nothing). */
  abstract record(send: NoticeSend): Promise<void>;
  /** Moves a send's status (an outbox's report). */
  abstract report(dealId: string, id: string, status: SendStatus, at: Date): Promise<void>;
  /** The deal's sends, oldest first. */
  abstract ofDeal(dealId: string): Promise<NoticeSend[]>;
}

/** The reminders waiting, found by due time (a key range: O(due), not O(milestones)). */
export abstract class ReminderQueue {
  /** Schedules each (one per key, however often). */
  abstract schedule(reminders: readonly Reminder[]): Promise<void>;
  /** Those due by `now`, oldest first, at most `limit`. */
  abstract due(now: Date, limit: number): Promise<Reminder[]>;
  /** Removes it (sent, or no longer true). */
  abstract remove(reminder: Reminder): Promise<void>;
}

export abstract class PreferencesStore {
  abstract get(recipient: RecipientKey): Promise<NoticePreferences>;
  abstract set(recipient: RecipientKey, preferences: NoticePreferences): Promise<void>;
}

/** One nudge per deal and India day, claimed once (an insert: atomic on any supported store). */
export abstract class NudgeClaims {
  /** True for the one caller that claims `day` for the deal. */
  abstract claim(dealId: string, day: string, at: Date): Promise<boolean>;
}
