import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { BrandMoneyLinks, type Deal, reviewUrlOf } from '../../deals/deals.contract.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { type MailAttachment, Outbox } from '../../mail/mail.contract.js';
import { SmsOutbox } from '../../sms/sms.contract.js';
import { type Channel, notificationIdOf, type NotificationKind } from '../domain/notification.js';
import { type NoticeFacts, noticeWords, type NoticeWords } from '../domain/notice-words.js';
import { deliveryIdOf, type NoticeSend, sendReportOf } from '../domain/notice-sends.js';
import { noticeSmsWindow, istDateTime } from '../domain/quiet-hours.js';
import {
  actionPathAt,
  ADMIN_WAITING_PATH,
  channelsOf,
  type Recipient,
  withMilestone,
} from '../domain/recipients.js';
import { SMS_NOTICE_TEMPLATES, smsVariablesOf } from '../domain/sms-templates.js';
import { channelsFor, WHO_GETS_WHAT } from '../domain/who-gets-what.js';
import { NotificationsSettings, SmsNoticeTemplateIds } from './notifications-settings.js';
import {
  DealSends,
  DeliveryClaims,
  type DeliveryRecord,
  InAppInbox,
  PreferencesStore,
} from './ports/notification-ports.js';
import { RecipientErasure } from './ports/recipient-erasure.js';

const DAY_MS = 86_400_000;

/** The kinds that tell admins a milestone is stuck: they open the admins' waiting list. */
export const ESCALATIONS: ReadonlySet<NotificationKind> = new Set([
  'funding_overdue',
  'approval_overdue',
  'release_overdue',
  'auto_approved_twice',
]);

/**
 * Kinds whose mail points a brand that accepted by e-mail to its money link while that still
 * works, rather than minting another (#36 L4: a cancellation is no reason for a second link).
 */
const POINTS_TO_LIVE_LINK: ReadonlySet<NotificationKind> = new Set([
  'cancellation_proposed',
  'cancellation_agreed',
]);

/** One notice to hand over: an event (or a reminder step) of a deal, for one person. */
export interface Notice {
  readonly eventId: string;
  readonly kind: NotificationKind;
  readonly deal: Deal;
  readonly milestoneId: string | null;
  readonly at: Date;
  readonly recipient: Recipient;
  /** What its words name beyond the deal (who acted, a note, an invoice's number). */
  readonly facts?: Partial<NoticeFacts>;
  /** Files its e-mail carries (an invoice's PDF). */
  readonly attachments?: readonly MailAttachment[];
}

/**
 * What became of a notice: the channels it goes through, and whether one of them is still held
 * by another instance (claimed, not done, its lease not lapsed: alive and busy, or dead). A held
 * delivery is not done here: the caller comes back to the notice until it is done or taken over.
 */
export interface NoticeOutcome {
  readonly channels: Channel[];
  readonly held: boolean;
}

/** The facts a notice's words name, from the deal as it is now. */
export function factsOf(deal: Deal, milestoneId: string | null, at?: Date): NoticeFacts {
  const milestone = deal.milestones.find(({ id }) => id === milestoneId) ?? deal.milestones[0];
  const acceptance = deal.history.find(({ to, milestone: move }) => to === 'accepted' && !move);
  return {
    ...(at !== undefined && { at }),
    acceptedAt: acceptance?.at ?? null,
    submittedAt: milestone?.submission?.at ?? null,
    dealTitle: deal.title,
    brandName: deal.brand.companyName,
    milestoneName: milestone?.name ?? deal.title,
    amountPaise: milestone?.amountPaise ?? deal.totalPaise,
    approvalDueAt: milestone?.approvalDueAt ?? null,
    dueDate: milestone?.dueDate ?? '',
  };
}

/** An outbox key from an event and an audience: [A-Za-z0-9_:.@-] only. */
function outboxKeyOf(eventId: string, recipient: Recipient, channel: Channel): string {
  return `ntf:${eventId}:${recipient.audience}:${channel}`.replace(/[^\w:.@-]/g, '_');
}

/**
 * Hands one notice to each of its recipient's channels, exactly once per event, person and
 * channel: each delivery is claimed first (a unique key), then handed to the in-app inbox or the
 * mail outbox (both idempotent by key), then marked done; a claim left undone by a dead instance is
 * taken over after its lease.
 */
@Injectable()
export class NoticeDelivery {
  constructor(
    private readonly inbox: InAppInbox,
    private readonly claims: DeliveryClaims,
    private readonly outbox: Outbox,
    private readonly preferences: PreferencesStore,
    private readonly moneyLinks: BrandMoneyLinks,
    private readonly links: LinkTokens,
    private readonly settings: NotificationsSettings,
    private readonly clock: Clock,
    private readonly sms: SmsOutbox,
    private readonly smsTemplateIds: SmsNoticeTemplateIds,
    private readonly sends: DealSends,
    private readonly erasure: RecipientErasure,
  ) {}

  /** Its channels (none when the kind says nothing to its recipient), and whether one is held. */
  async deliver(notice: Notice): Promise<NoticeOutcome> {
    const words = noticeWords(notice.kind, notice.recipient.audience, {
      ...factsOf(notice.deal, notice.milestoneId, notice.at),
      ...notice.facts,
    });
    if (!words || (await this.erasure.isForgotten(notice.recipient.key))) {
      return { channels: [], held: false };
    }
    const preferences = await this.preferences.get(notice.recipient.key);
    const channels = channelsFor(notice.kind, channelsOf(notice.recipient), preferences).filter(
      (channel) => channel !== 'sms' || this.smsTemplateOf(notice.kind) !== null,
    );
    let held = false;
    for (const channel of channels) {
      if ((await this.deliverBy(channel, notice, words)) === 'held') held = true;
    }
    return { channels, held };
  }

  /** The kind's SMS template and its provider id, if the kind goes by SMS and its id is known. */
  private smsTemplateOf(kind: NotificationKind) {
    const template = SMS_NOTICE_TEMPLATES[kind];
    const id = template && this.smsTemplateIds.idOf(template.name);
    return template && id ? { template, id } : null;
  }

  /** `held`: another instance holds its claim, not done (its lease not lapsed yet). */
  private async deliverBy(
    channel: Channel,
    notice: Notice,
    words: NoticeWords,
  ): Promise<'done' | 'held'> {
    const now = this.clock.now();
    const record: DeliveryRecord = {
      eventId: notice.eventId,
      recipient: notice.recipient.key,
      channel,
      dealId: notice.deal.id,
      milestoneId: notice.milestoneId,
      kind: notice.kind,
      at: now,
      outboxKey:
        channel === 'in_app' ? null : outboxKeyOf(notice.eventId, notice.recipient, channel),
    };
    const staleBefore = new Date(now.getTime() - this.settings.claimLeaseMs);
    if (!(await this.claims.claim(record, staleBefore))) {
      return (await this.claims.isDone(record)) ? 'done' : 'held';
    }
    // Recorded before the hand-over, so that every outbox report finds its send.
    const send = this.sendOf(record, notice, words);
    await this.sends.record(send);
    const report = sendReportOf(send);
    if (channel === 'in_app') await this.addInApp(notice, words);
    if (channel === 'email' && record.outboxKey !== null)
      await this.mail(notice, words, record.outboxKey, report);
    if (channel === 'sms' && record.outboxKey !== null)
      await this.text(notice, record.outboxKey, report);
    await this.claims.done(record, this.clock.now());
    return 'done';
  }

  private sendOf(record: DeliveryRecord, notice: Notice, words: NoticeWords): NoticeSend {
    return {
      id: deliveryIdOf(record),
      dealId: record.dealId,
      milestoneId: record.milestoneId,
      kind: notice.kind,
      title: words.title,
      audience: notice.recipient.audience,
      recipient: record.recipient,
      channel: record.channel,
      at: record.at,
      status: record.channel === 'in_app' ? 'delivered' : 'queued',
      statusAt: record.at,
    };
  }

  private async addInApp(notice: Notice, words: NoticeWords): Promise<void> {
    const { recipient } = notice;
    await this.inbox.add({
      id: notificationIdOf(recipient.key, notice.at, notice.eventId),
      recipient: recipient.key,
      kind: notice.kind,
      eventId: notice.eventId,
      dealId: notice.deal.id,
      milestoneId: notice.milestoneId,
      ...words,
      actionPath: ESCALATIONS.has(notice.kind)
        ? ADMIN_WAITING_PATH
        : actionPathAt(recipient, notice.milestoneId),
      at: notice.at,
      readAt: null,
    });
  }

  private async mail(
    notice: Notice,
    words: NoticeWords,
    key: string,
    report: string,
  ): Promise<void> {
    const { recipient } = notice;
    if (recipient.email === null) return;
    const unsubscribeUrl =
      WHO_GETS_WHAT[notice.kind].category === 'reminder'
        ? await this.unsubscribeUrlOf(recipient)
        : undefined;
    const liveUntil = await this.liveLinkUntil(notice);
    await this.outbox.enqueue({
      key,
      kind: 'notification',
      to: { email: recipient.email, name: recipient.name },
      about: recipient.key,
      data: {
        title: words.title,
        body: words.body,
        actionLabel: words.actionLabel,
        actionUrl: liveUntil
          ? `${this.settings.publicUrl}/deal-review`
          : await this.actionUrlOf(notice),
        ...(liveUntil && { linkWorksUntil: istDateTime(liveUntil) }),
        ...(unsubscribeUrl !== undefined && { unsubscribeUrl }),
      },
      report,
      ...(notice.attachments !== undefined && { attachments: notice.attachments }),
    });
  }

  /**
   * An SMS through the kind's DLT template, never in quiet hours (it waits for 09:00 IST), and
   * not at all if it could not go out within a day (stale by then; the other channels carry it).
   */
  private async text(notice: Notice, key: string, report: string): Promise<void> {
    const { phone } = notice.recipient;
    const sms = this.smsTemplateOf(notice.kind);
    if (phone === null || sms === null) return;
    const facts = factsOf(notice.deal, notice.milestoneId);
    await this.sms.enqueue({
      key,
      to: phone,
      kind: 'notice',
      templateId: sms.id,
      variables: smsVariablesOf(sms.template, facts, await this.actionUrlOf(notice)),
      ...noticeSmsWindow(this.clock.now()),
      report,
    });
  }

  /** When the mailed brand's money link stops working, for the kinds that point to it. */
  private async liveLinkUntil(notice: Notice): Promise<Date | undefined> {
    const { recipient, deal, kind } = notice;
    if (!POINTS_TO_LIVE_LINK.has(kind) || !recipient.mailedBrand || recipient.email === null) {
      return undefined;
    }
    return this.moneyLinks.mailedLinkLiveUntil(deal, recipient.email);
  }

  /**
   * The one action, at the notice's milestone: a brand that accepted by e-mail gets a fresh money
   * link (30 days; the milestone rides beside its token, which alone grants anything).
   */
  private async actionUrlOf(notice: Notice): Promise<string> {
    const { recipient, deal, milestoneId } = notice;
    if (recipient.mailedBrand && recipient.email !== null) {
      const { token } = await this.moneyLinks.issueMailed(deal, recipient.email);
      const reviewUrl = reviewUrlOf(this.settings.publicUrl, token);
      return milestoneId === null ? reviewUrl : withMilestone(reviewUrl, milestoneId);
    }
    return `${this.settings.publicUrl}${actionPathAt(recipient, milestoneId)}`;
  }

  private async unsubscribeUrlOf(recipient: Recipient): Promise<string> {
    const now = this.clock.now();
    const token = await this.links.issue({
      purpose: 'notifications-unsubscribe',
      subject: `${recipient.key}|email`,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + this.settings.unsubscribeLinkDays * DAY_MS),
    });
    return `${this.settings.publicUrl}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  }
}
