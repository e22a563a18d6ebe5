import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import {
  CONFIRMATION_LINK_HOURS,
  confirmationLinkExpiry,
  confirmationsSent,
} from '../domain/confirmation.js';
import type { WaitlistEntry } from '../domain/waitlist-entry.js';
import { PersonalLinkIssuer } from './personal-link-issuer.js';
import { ConfirmationLinks } from './ports/confirmation-links.js';
import { EntryConfirmations } from './ports/entry-confirmations.js';

/**
 * Issues a confirmation link (and a link to the person's own page, as every e-mail carries) and
 * queues the e-mail carrying it (the outbox delivers it; the
 * request never waits for SMTP). A trapped (bot) entry goes through the same steps, so it is
 * answered in the same time, but nothing is queued for it.
 */
@Injectable()
export class SendConfirmation {
  constructor(
    private readonly entries: EntryConfirmations,
    private readonly tokens: LinkTokens,
    private readonly outbox: Outbox,
    private readonly links: ConfirmationLinks,
    private readonly personalLinks: PersonalLinkIssuer,
    private readonly clock: Clock,
  ) {}

  /**
   * The first link of an entry just stored, whose history already records this sending and its
   * expiry (one write fewer per submission: the store may serialise writes to a database).
   */
  async sendFirst(entry: WaitlistEntry): Promise<Date> {
    const expiresAt = entry.confirmationExpiresAt ?? confirmationLinkExpiry(entry.createdAt);
    await this.issueAndQueue(entry, entry.createdAt, expiresAt, 1);
    return expiresAt;
  }

  /** A new link for an entry still awaiting confirmation; answers until when it works. */
  async sendAgain(entry: WaitlistEntry): Promise<Date> {
    const now = this.clock.now();
    const expiresAt = confirmationLinkExpiry(now);
    // Numbered before it is recorded: two requests racing to send the same e-mail again share
    // one outbox key, so the outbox stores (and delivers) one of them.
    await this.issueAndQueue(entry, now, expiresAt, confirmationsSent(entry) + 1);
    // A bot's entry is answered the same, but never lives longer for it (#28): it is erased when
    // its first link expires, however often it is sent again.
    const storedExpiry = entry.trapped ? (entry.confirmationExpiresAt ?? expiresAt) : expiresAt;
    await this.entries.recordConfirmationSent(
      entry.id,
      { at: now, event: 'confirmation-resent' },
      storedExpiry,
    );
    return expiresAt;
  }

  private async issueAndQueue(
    entry: WaitlistEntry,
    issuedAt: Date,
    expiresAt: Date,
    sendNumber: number,
  ): Promise<void> {
    // Both links' tokens in one write. Issued for a bot's entry too: the same steps, the same
    // time; only nothing is queued.
    const [token = '', personalToken = ''] = await this.tokens.issueMany([
      { purpose: 'waitlist-confirmation', subject: entry.id, issuedAt, expiresAt },
      this.personalLinks.requestFor(entry.id, issuedAt),
    ]);
    const personalUrl = this.personalLinks.urlOf(personalToken);
    if (entry.trapped) return;
    await this.outbox.enqueue({
      key: `waitlist-confirmation:${entry.id}:${sendNumber}`,
      kind: 'waitlist-confirmation',
      to: { email: entry.email.value, name: entry.fullName.value },
      data: {
        confirmUrl: this.links.urlFor(token),
        expiresInHours: String(CONFIRMATION_LINK_HOURS),
        personalUrl,
      },
      about: entry.id,
    });
  }
}
