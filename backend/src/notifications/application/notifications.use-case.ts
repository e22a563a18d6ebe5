import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { DomainError } from '../../common/domain/domain.error.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { type RecipientKey, recipientRange } from '../domain/notification.js';
import type { NoticePreferences } from '../domain/who-gets-what.js';
import { InAppInbox, type NotificationPage, PreferencesStore } from './ports/notification-ports.js';

/** A page cursor that is not one this server gave this person: 400. */
export class InvalidNotificationCursorError extends DomainError {
  readonly code = 'INVALID_CURSOR';
  constructor() {
    super('cursor is not a cursor of this list');
  }
}

/** The cursor is the last id of a page, opaque to clients (base64url). */
export function cursorOf(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

function idOfCursor(recipient: RecipientKey, cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  const range = recipientRange(recipient);
  if (cursorOf(id) !== cursor || !(id > range.from && id < range.to)) {
    throw new InvalidNotificationCursorError();
  }
  return id;
}

/** A person's bell: their notices page by page, the unread count, marking read, preferences. */
@Injectable()
export class NotificationInbox {
  constructor(
    private readonly inbox: InAppInbox,
    private readonly preferences: PreferencesStore,
    private readonly clock: Clock,
  ) {}

  page(
    recipient: RecipientKey,
    cursor: string | undefined,
    limit: number,
  ): Promise<NotificationPage> {
    const before = cursor === undefined ? null : idOfCursor(recipient, cursor);
    return this.inbox.page(recipient, before, limit);
  }

  unread(recipient: RecipientKey): Promise<number> {
    return this.inbox.unread(recipient);
  }

  markRead(recipient: RecipientKey, id: string): Promise<boolean> {
    return this.inbox.markRead(recipient, id, this.clock.now());
  }

  markAllRead(recipient: RecipientKey): Promise<number> {
    return this.inbox.markAllRead(recipient, this.clock.now());
  }

  preferencesOf(recipient: RecipientKey): Promise<NoticePreferences> {
    return this.preferences.get(recipient);
  }

  async setPreferences(
    recipient: RecipientKey,
    preferences: NoticePreferences,
  ): Promise<NoticePreferences> {
    await this.preferences.set(recipient, preferences);
    return preferences;
  }
}

/** What became of an unsubscribe link. */
export type UnsubscribeOutcome = 'unsubscribed' | 'invalid' | 'expired' | 'used';

/**
 * One-click unsubscribe from reminder e-mails (RFC 8058), without signing in: the link's token is
 * single purpose, expires, and works once; anything else changes nothing.
 */
@Injectable()
export class UnsubscribeLinks {
  constructor(
    private readonly links: LinkTokens,
    private readonly preferences: PreferencesStore,
    private readonly clock: Clock,
  ) {}

  /** Whether the link would work (the page shown before the click). */
  async check(token: string): Promise<UnsubscribeOutcome | 'valid'> {
    const check = await this.links.check(token, 'notifications-unsubscribe', this.clock.now());
    if (check.status === 'unknown') return 'invalid';
    if (check.status === 'expired') return 'expired';
    return check.usedAt === undefined ? 'valid' : 'used';
  }

  async unsubscribe(token: string): Promise<UnsubscribeOutcome> {
    const now = this.clock.now();
    const check = await this.links.check(token, 'notifications-unsubscribe', now);
    if (check.status === 'unknown') return 'invalid';
    if (check.status === 'expired') return 'expired';
    if (!(await this.links.markUsed(token, now))) return 'used';
    const recipient = check.subject.split('|')[0] ?? '';
    const current = await this.preferences.get(recipient);
    await this.preferences.set(recipient, { ...current, remindersByEmail: false });
    return 'unsubscribed';
  }
}
