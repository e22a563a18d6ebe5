import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { LinkTokens } from '../../link-tokens/index.js';
import { Outbox } from '../../mail/index.js';
import {
  CONFIRMATION_LINK_HOURS,
  confirmationLinkExpiry,
  confirmationsSent,
} from '../domain/confirmation.js';
import type { WaitlistEntry, WaitlistEvent } from '../domain/waitlist-entry.js';
import { ConfirmationLinks } from './ports/confirmation-links.js';
import { WaitlistRepository } from './ports/waitlist.repository.js';

/**
 * Issues a confirmation link and queues the e-mail carrying it (the outbox delivers it; the
 * request never waits for SMTP). A trapped (bot) entry goes through the same steps, so it is
 * answered in the same time, but nothing is queued for it.
 */
@Injectable()
export class SendConfirmation {
  constructor(
    private readonly entries: WaitlistRepository,
    private readonly tokens: LinkTokens,
    private readonly outbox: Outbox,
    private readonly links: ConfirmationLinks,
    private readonly clock: Clock,
  ) {}

  /** Answers until when the new link works. */
  async send(entry: WaitlistEntry, event: WaitlistEvent): Promise<Date> {
    const now = this.clock.now();
    const expiresAt = confirmationLinkExpiry(now);
    const token = await this.tokens.issue({
      purpose: 'waitlist-confirmation',
      subject: entry.id,
      issuedAt: now,
      expiresAt,
    });
    // Numbered before it is recorded: two requests racing to send the same e-mail again share
    // one outbox key, so the outbox stores (and delivers) one of them.
    const sendNumber = confirmationsSent(entry) + 1;
    if (!entry.trapped) {
      await this.outbox.enqueue({
        key: `waitlist-confirmation:${entry.id}:${sendNumber}`,
        kind: 'waitlist-confirmation',
        to: { email: entry.email.value, name: entry.fullName.value },
        data: {
          confirmUrl: this.links.urlFor(token),
          expiresInHours: String(CONFIRMATION_LINK_HOURS),
        },
      });
    }
    await this.entries.recordConfirmationSent(entry.id, { at: now, event }, expiresAt);
    return expiresAt;
  }
}
