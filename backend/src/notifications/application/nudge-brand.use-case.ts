import { Injectable } from '@nestjs/common';
import { AuditLog } from '../../admin/admin.contract.js';
import { Clock } from '../../common/application/clock.js';
import { type Deal, DealNotFoundError, DealReads } from '../../deals/deals.contract.js';
import type { Channel } from '../domain/notification.js';
import {
  DealNotWaitingError,
  nudgeDayOf,
  NudgedTodayError,
  secondsToNextIstDay,
} from '../domain/nudges.js';
import { brandRecipientOf } from '../domain/recipients.js';
import { NoticeDelivery } from './notice-delivery.js';
import { NudgeClaims } from './ports/notification-ports.js';

/** The admin who nudges, as the audit log names them. */
export interface NudgingAdmin {
  readonly userId: string;
  readonly email: string;
}

export interface SentNudge {
  readonly dealId: string;
  readonly milestoneId: string | null;
  readonly at: Date;
  readonly channels: readonly Channel[];
}

/** The milestone the money waits on the brand for: to be funded, or submitted work to review. */
function waitingMilestoneOf(deal: Deal): string | null {
  const waiting = deal.milestones.find(({ state }) => state === 'pending' || state === 'submitted');
  return waiting?.id ?? null;
}

/**
 * An admin's personal nudge to the brand of a deal the money waits on (#39 item 8): at most one
 * per deal and India day (claimed once), recorded in the admin audit log (the deal, the milestone
 * and the note's length; not the note), and delivered through the pipeline like any notice: in
 * the brand's bell, by e-mail where its address is known, by SMS where it signed in by phone.
 */
@Injectable()
export class NudgeBrand {
  constructor(
    private readonly deals: DealReads,
    private readonly claims: NudgeClaims,
    private readonly delivery: NoticeDelivery,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async nudge(dealId: string, note: string, admin: NudgingAdmin): Promise<SentNudge> {
    const deal = await this.deals.findById(dealId);
    if (!deal) throw new DealNotFoundError();
    if (deal.state !== 'accepted') throw new DealNotWaitingError();
    const at = this.clock.now();
    const day = nudgeDayOf(at);
    if (!(await this.claims.claim(deal.id, day, at))) {
      throw new NudgedTodayError(secondsToNextIstDay(at));
    }
    const milestoneId = waitingMilestoneOf(deal);
    await this.audit.append({
      at,
      actor: admin,
      action: 'nudge.sent',
      details: { dealId: deal.id, ...(milestoneId !== null && { milestoneId }) },
    });
    const { channels } = await this.delivery.deliver({
      eventId: `nudge:${deal.id}:${day}`,
      kind: 'admin_nudge',
      deal,
      milestoneId,
      at,
      recipient: brandRecipientOf(deal),
      facts: { note },
    });
    return { dealId: deal.id, milestoneId, at, channels };
  }
}
