import { Injectable } from '@nestjs/common';
import { type Deal, DealReads, UserDirectory } from '../../deals/deals.contract.js';
import { type DealEvent, eventsOfEntry } from '../domain/deal-events.js';
import type { Audience } from '../domain/notification.js';
import type { NoticeFacts } from '../domain/notice-words.js';
import {
  ADMINS,
  brandRecipientOf,
  creatorRecipientOf,
  type Recipient,
} from '../domain/recipients.js';
import {
  escalationsOf,
  remindersOf,
  stillHolds as stillHoldsFor,
} from '../domain/reminder-schedule.js';
import { WHO_GETS_WHAT } from '../domain/who-gets-what.js';
import { NoticeDelivery } from './notice-delivery.js';
import { NotificationsSettings } from './notifications-settings.js';
import { DealHistoryFeed, ReminderQueue } from './ports/notification-ports.js';

const BATCH = 200;

/**
 * The follower of the deals' history (#39): each new history entry of a deal becomes its events,
 * each event its notices (WHO_GETS_WHAT) and its reminders. At least once per change, exactly once
 * per person and channel (the deliveries' claims); a pass resumes where the last one stopped.
 */
@Injectable()
export class FollowDealHistory {
  constructor(
    private readonly feed: DealHistoryFeed,
    private readonly delivery: NoticeDelivery,
    private readonly reminders: ReminderQueue,
    private readonly users: UserDirectory,
    private readonly settings: NotificationsSettings,
  ) {}

  /** Sets where following starts, if nothing has yet: changes from now on are news. */
  async open(): Promise<void> {
    await this.feed.open();
  }

  /** One pass: answers how many deal changes it read. */
  async pass(): Promise<number> {
    const { changes, position } = await this.feed.next(BATCH);
    for (const { deal } of changes) await this.follow(deal);
    await this.feed.save(position);
    return changes.length;
  }

  private async follow(deal: Deal): Promise<void> {
    const { seen, since } = await this.feed.progress(deal.id);
    for (let index = seen; index < deal.history.length; index += 1) {
      const entry = deal.history[index];
      // Moves from before the notifications existed are history, not news.
      if (entry === undefined || entry.at < since) continue;
      let held = false;
      for (const event of eventsOfEntry(deal, entry, index)) {
        if (await this.notify(event, deal, index)) held = true;
      }
      // A delivery another instance holds is not done: the entry stays unseen, and the next
      // passes (which read the change again: the feed's late window outlasts the claims' lease)
      // come back to it until its holder finished it or, dead, had it taken over.
      if (held) {
        await this.feed.markSeen(deal.id, index);
        return;
      }
    }
    await this.feed.markSeen(deal.id, deal.history.length);
  }

  /** Schedules the event's reminders and tells its audiences: true if a delivery is held. */
  private async notify(event: DealEvent, deal: Deal, index: number): Promise<boolean> {
    const { schedule } = this.settings;
    await this.reminders.schedule([
      ...remindersOf(event, deal, schedule),
      ...escalationsOf(event, deal, schedule),
    ]);
    const facts = await this.factsOf(event, deal, index);
    let held = false;
    for (const audience of event.audiences ?? WHO_GETS_WHAT[event.kind].audiences) {
      const recipient = await this.recipientOf(audience, deal);
      const outcome = await this.delivery.deliver({
        eventId: event.id,
        kind: event.kind,
        deal,
        milestoneId: event.milestoneId,
        at: event.at,
        recipient,
        ...(facts && { facts }),
      });
      if (outcome.held) held = true;
    }
    return held;
  }

  /**
   * What the words name beyond the deal: for a cancellation, who acted, the reason and the refund;
   * for a dispute's answer, who answered.
   */
  private async factsOf(
    event: DealEvent,
    deal: Deal,
    index: number,
  ): Promise<Partial<NoticeFacts> | undefined> {
    const entry = deal.history[index];
    const actingSide = entry?.by === 'creator' ? 'creator' : 'brand';
    if (event.kind === 'dispute_answered') {
      return { actingSide, partyName: await this.partyNameOf(actingSide, deal) };
    }
    if (event.kind !== 'cancellation_proposed' && event.kind !== 'cancellation_agreed') {
      return undefined;
    }
    const partyName = await this.partyNameOf(actingSide, deal);
    const proposal = deal.history
      .slice(0, index + 1)
      .findLast(({ cancellation }) => cancellation?.action === 'propose');
    const refundedPaise = deal.milestones
      .filter(({ state }) => state === 'funded' || state === 'refunded')
      .reduce((sum, { amountPaise }) => sum + amountPaise, 0);
    return {
      partyName,
      ...(proposal?.note !== undefined && { note: proposal.note }),
      ...(event.kind === 'cancellation_agreed' && { amountPaise: refundedPaise }),
    };
  }

  private async partyNameOf(side: 'creator' | 'brand', deal: Deal): Promise<string> {
    if (side === 'brand') return deal.brand.companyName;
    return (await this.users.find(deal.creatorId))?.name ?? 'The creator';
  }

  async recipientOf(audience: Audience, deal: Deal): Promise<Recipient> {
    if (audience === 'brand') return brandRecipientOf(deal);
    if (audience === 'admins') return ADMINS;
    return creatorRecipientOf(deal, await this.users.find(deal.creatorId));
  }
}

/**
 * The due reminders (#39): found by due time, re-checked against the deal as it is now, each step
 * sent once (its claims, as any notice) and then removed; one whose state moved on is dropped.
 */
@Injectable()
export class SendDueReminders {
  constructor(
    private readonly reminders: ReminderQueue,
    private readonly deals: DealReads,
    private readonly follower: FollowDealHistory,
    private readonly delivery: NoticeDelivery,
  ) {}

  /** One pass at `now`: answers how many reminders it sent. */
  async pass(now: Date): Promise<number> {
    let sent = 0;
    for (const reminder of await this.reminders.due(now, BATCH)) {
      const deal = await this.deals.findById(reminder.dealId);
      let held = false;
      if (deal && stillHoldsFor(reminder, deal)) {
        for (const audience of WHO_GETS_WHAT[reminder.kind].audiences) {
          const outcome = await this.delivery.deliver({
            eventId: reminder.key,
            kind: reminder.kind,
            deal,
            milestoneId: reminder.milestoneId,
            at: reminder.dueAt,
            recipient: await this.follower.recipientOf(audience, deal),
          });
          if (outcome.held) held = true;
        }
        sent += 1;
      }
      // A step whose delivery another instance holds stays due: a later pass finishes it.
      if (!held) await this.reminders.remove(reminder);
    }
    return sent;
  }
}
