import { Injectable } from '@nestjs/common';
import { notificationIdOf } from '../domain/notification.js';
import { InAppInbox } from './ports/notification-ports.js';

/** A notice about the person's account rather than a deal (support answered, #41). */
export interface AccountNotice {
  readonly accountId: string;
  readonly kind: 'support_answered';
  /** Names the event: the same event stores one notice, however often it is told. */
  readonly eventId: string;
  readonly title: string;
  readonly body: string;
  readonly actionPath: string;
  readonly actionLabel: string;
  readonly at: Date;
}

/** Puts an account's notice in a creator's bell (in-app; its e-mail is the caller's). */
@Injectable()
export class AccountNotices {
  constructor(private readonly inbox: InAppInbox) {}

  async tell(notice: AccountNotice): Promise<void> {
    const recipient = `user:${notice.accountId}`;
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
  }
}
