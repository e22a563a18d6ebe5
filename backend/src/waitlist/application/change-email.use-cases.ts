import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import { EmailAddress } from '../domain/email-address.js';
import {
  EMAIL_CHANGE_LINK_HOURS,
  emailChangeLinkExpiry,
  isOpenToItsPerson,
  mayCorrect,
} from '../domain/personal-page.js';
import type { WaitlistEntry } from '../domain/waitlist-entry.js';
import {
  EmailChangeLinkExpiredError,
  EmailChangeLinkNotFoundError,
  TooManyCorrectionsError,
} from '../domain/waitlist.errors.js';
import { parseEmailField } from '../domain/waitlist-application.js';
import { PersonalLinkIssuer } from './personal-link-issuer.js';
import { PersonalPageLinks } from './ports/personal-page-links.js';
import { WaitlistRepository } from './ports/waitlist.repository.js';

/**
 * A new e-mail address, asked for on the personal page: a link goes to the NEW address, and the
 * entry keeps its old one until that link is opened. When an entry already holds the address
 * (another's, or this one's own), nothing is sent, and the answer is the same: the page never
 * tells whose address is on the list.
 */
@Injectable()
export class RequestEmailChange {
  private readonly logger = new Logger(RequestEmailChange.name);

  constructor(
    private readonly entries: WaitlistRepository,
    private readonly tokens: LinkTokens,
    private readonly personalLinks: PersonalLinkIssuer,
    private readonly links: PersonalPageLinks,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  /**
   * Validates (the form's e-mail messages), then answers before looking anything up; `sending`
   * settles once any e-mail is queued (tests wait for it), its failures logged, never answered.
   */
  execute(
    entry: WaitlistEntry,
    command: { readonly email: string },
  ): { readonly sending: Promise<void> } {
    const email = parseEmailField(command.email);
    const now = this.clock.now();
    if (!mayCorrect(entry, now)) throw new TooManyCorrectionsError();
    const sending = this.sendIfFree(entry, email, now).catch((error: unknown) => {
      this.logger.warn(`Could not e-mail an address change link: ${String(error)}`);
    });
    return { sending };
  }

  private async sendIfFree(entry: WaitlistEntry, email: EmailAddress, now: Date): Promise<void> {
    if (await this.entries.findByEmail(email)) return;
    // Both links of the message in one write, as in SendConfirmation.
    const [token = '', personalToken = ''] = await this.tokens.issueMany([
      {
        purpose: 'email-change',
        subject: entry.id,
        issuedAt: now,
        expiresAt: emailChangeLinkExpiry(now),
      },
      this.personalLinks.requestFor(entry.id, now),
    ]);
    await this.entries.requestEmailChange(
      entry.id,
      { email, requestedAt: now },
      { at: now, event: 'email-change-requested', fields: ['email'] },
    );
    await this.outbox.enqueue({
      key: `email-change:${entry.id}:${now.getTime()}`,
      kind: 'email-change-confirmation',
      to: { email: email.value, name: entry.fullName.value },
      data: {
        confirmUrl: this.links.emailChangeUrl(token),
        expiresInHours: String(EMAIL_CHANGE_LINK_HOURS),
        personalUrl: this.personalLinks.urlOf(personalToken),
      },
    });
  }
}

/**
 * Opens the link sent to a new address: the entry switches to it. Only the latest request's link
 * works (an older one is "not valid"); opening it again after the switch answers the same.
 * Rejects with EmailChangeLinkNotFoundError, EmailChangeLinkExpiredError, or
 * EmailAlreadyRegisteredError when another entry took the address meanwhile.
 */
@Injectable()
export class ConfirmEmailChange {
  constructor(
    private readonly tokens: LinkTokens,
    private readonly entries: WaitlistRepository,
    private readonly clock: Clock,
  ) {}

  async execute(token: string): Promise<{ readonly email: string }> {
    const now = this.clock.now();
    const link = await this.tokens.check(token, 'email-change', now);
    if (link.status === 'unknown') throw new EmailChangeLinkNotFoundError();
    const entry = await this.entries.findById(link.subject);
    if (!isOpenToItsPerson(entry)) throw new EmailChangeLinkNotFoundError();
    const pending = entry.pendingEmail;
    if (!pending || pending.requestedAt.getTime() !== link.issuedAt.getTime()) {
      // Switched already by this very link (a second click): the same answer.
      if (link.usedAt && !pending) return { email: entry.email.value };
      throw new EmailChangeLinkNotFoundError();
    }
    if (link.status === 'expired') throw new EmailChangeLinkExpiredError();
    await this.tokens.markUsed(token, now);
    const switched = await this.entries.switchEmail(entry.id, pending.email, pending.requestedAt, {
      at: now,
      event: 'corrected',
      fields: ['email'],
    });
    if (!switched) throw new EmailChangeLinkNotFoundError();
    return { email: pending.email.value };
  }
}
