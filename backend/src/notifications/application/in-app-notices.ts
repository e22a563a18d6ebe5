import { Injectable } from '@nestjs/common';
import {
  type Notification,
  notificationIdOf,
  type NotificationKind,
  type RecipientKey,
} from '../domain/notification.js';
import { InAppInbox } from './ports/notification-ports.js';

/** A notice that is not about a deal (a media kit's package request, #42), for one bell. */
export interface InAppNotice {
  /** `user:<accountId>` for a creator (RecipientKey). */
  readonly recipient: string;
  readonly kind: NotificationKind;
  /** The same event always makes the same notice: telling it twice stores one. */
  readonly eventId: string;
  readonly title: string;
  readonly body: string;
  readonly actionPath: string;
  readonly actionLabel: string;
  readonly at: Date;
}

/** Other features' way into a person's bell, for notices the deals' history does not make. */
@Injectable()
export class InAppNotices {
  constructor(private readonly inbox: InAppInbox) {}

  async tell(notice: InAppNotice): Promise<void> {
    await this.inbox.add({
      ...notice,
      id: notificationIdOf(notice.recipient, notice.at, notice.eventId),
      dealId: '',
      milestoneId: null,
      readAt: null,
    });
  }
}

const HISTORY_PAGE = 200;

/** A person's whole bell, newest first (their data download, #41). */
@Injectable()
export class NoticeHistory {
  constructor(private readonly inbox: InAppInbox) {}

  async of(recipient: RecipientKey): Promise<Notification[]> {
    const all: Notification[] = [];
    let before: string | null = null;
    for (;;) {
      const page = await this.inbox.page(recipient, before, HISTORY_PAGE);
      all.push(...page.items);
      if (page.nextAfter === null || page.items.length === 0) return all;
      before = page.nextAfter;
    }
  }
}
