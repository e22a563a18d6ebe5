import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { isOpenToItsPerson, personalSessionExpiry } from '../domain/personal-page.js';
import type { WaitlistEntry } from '../domain/waitlist-entry.js';
import {
  PersonalLinkExpiredError,
  PersonalLinkNotFoundError,
  PersonalLinkUsedError,
  PersonalSessionRequiredError,
} from '../domain/waitlist.errors.js';
import { PersonalSessions } from './ports/personal-sessions.js';
import { WaitlistEntries } from './ports/waitlist-entries.js';

export interface OpenedPersonalPage {
  readonly sessionToken: string;
  readonly expiresAt: Date;
  readonly entry: WaitlistEntry;
}

/**
 * Opens the page a personal link points to: the link's single use is claimed, and a 30-minute
 * session for that entry alone begins. Rejects with PersonalLinkNotFoundError (never issued,
 * tampered, another purpose, entry erased or a bot's), PersonalLinkExpiredError (past 7 days)
 * or PersonalLinkUsedError (opened before).
 */
@Injectable()
export class OpenPersonalPage {
  constructor(
    private readonly tokens: LinkTokens,
    private readonly entries: WaitlistEntries,
    private readonly sessions: PersonalSessions,
    private readonly clock: Clock,
  ) {}

  async execute(token: string): Promise<OpenedPersonalPage> {
    const now = this.clock.now();
    const link = await this.tokens.check(token, 'personal-link', now);
    if (link.status === 'unknown') throw new PersonalLinkNotFoundError();
    const entry = await this.entries.findById(link.subject);
    if (!isOpenToItsPerson(entry)) throw new PersonalLinkNotFoundError();
    if (link.status === 'expired') throw new PersonalLinkExpiredError();
    if (!(await this.tokens.markUsed(token, now))) throw new PersonalLinkUsedError();
    const expiresAt = personalSessionExpiry(now);
    const sessionToken = await this.sessions.start(entry.id, now, expiresAt);
    return { sessionToken, expiresAt, entry };
  }
}

/** The entry a session cookie stands for, or PersonalSessionRequiredError. */
@Injectable()
export class ResolvePersonalSession {
  constructor(
    private readonly sessions: PersonalSessions,
    private readonly entries: WaitlistEntries,
    private readonly clock: Clock,
  ) {}

  async execute(sessionToken: string | undefined): Promise<WaitlistEntry> {
    if (sessionToken === undefined) throw new PersonalSessionRequiredError();
    const entryId = await this.sessions.entryOf(sessionToken, this.clock.now());
    const entry = entryId === undefined ? undefined : await this.entries.findById(entryId);
    if (!isOpenToItsPerson(entry)) throw new PersonalSessionRequiredError();
    return entry;
  }
}

/** "Done": the session ends on the server, whatever the browser keeps. */
@Injectable()
export class EndPersonalSession {
  constructor(private readonly sessions: PersonalSessions) {}

  async execute(sessionToken: string | undefined): Promise<void> {
    if (sessionToken !== undefined) await this.sessions.end(sessionToken);
  }
}
