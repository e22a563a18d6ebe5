import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { SmsOutbox } from '../../sms/sms.contract.js';
import { notificationIdOf, type RecipientKey } from '../domain/notification.js';
import { noticeSmsWindow } from '../domain/quiet-hours.js';
import { SMS_NOTICE_TEMPLATES } from '../domain/sms-templates.js';
import { SmsNoticeTemplateIds } from './notifications-settings.js';
import { InAppInbox } from './ports/notification-ports.js';

/** A notice about the person's account rather than a deal (support answered, data ready: #41). */
export interface AccountNotice {
  /** Whose bell: a creator's account or a brand workspace's. */
  readonly party: 'creator' | 'brand';
  readonly accountId: string;
  readonly kind: 'support_answered' | 'data_export_ready';
  /** Names the event: the same event stores one notice, however often it is told. */
  readonly eventId: string;
  readonly title: string;
  readonly body: string;
  readonly actionPath: string;
  readonly actionLabel: string;
  readonly at: Date;
  /**
   * A brand's mobile number (E.164) when the notice also goes by SMS (it has no contact e-mail),
   * through the kind's DLT template with the action's full address as its link.
   */
  readonly sms?: { readonly to: string; readonly link: string };
}

/**
 * Puts an account's notice in the person's bell (in-app) and, when asked, texts it through the
 * kind's DLT template (never in quiet hours: it waits for 09:00 IST, and is dropped if it could
 * not go out within a day). Its e-mail is the caller's.
 */
@Injectable()
export class AccountNotices {
  constructor(
    private readonly inbox: InAppInbox,
    private readonly sms: SmsOutbox,
    private readonly templateIds: SmsNoticeTemplateIds,
    private readonly clock: Clock,
  ) {}

  async tell(notice: AccountNotice): Promise<void> {
    const recipient: RecipientKey =
      notice.party === 'brand' ? `brand:${notice.accountId}` : `user:${notice.accountId}`;
    await this.inbox.add({
      id: notificationIdOf(recipient, notice.at, notice.eventId),
      recipient,
      kind: notice.kind,
      eventId: notice.eventId,
      dealId: '',
      milestoneId: null,
      title: notice.title,
      body: notice.body,
      actionPath: notice.actionPath,
      actionLabel: notice.actionLabel,
      at: notice.at,
      readAt: null,
    });
    if (notice.sms) await this.text(notice, notice.sms);
  }

  private async text(notice: AccountNotice, sms: NonNullable<AccountNotice['sms']>) {
    const template = SMS_NOTICE_TEMPLATES[notice.kind];
    const templateId = template && this.templateIds.idOf(template.name);
    if (!template || !templateId) return;
    await this.sms.enqueue({
      key: `acct:${notice.eventId}:sms`.replace(/[^\w:.@-]/g, '_'),
      to: sms.to,
      kind: 'notice',
      templateId,
      variables: { link: sms.link },
      ...noticeSmsWindow(this.clock.now()),
    });
  }
}
