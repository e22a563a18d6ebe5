import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { Outbox } from '../../mail/mail.contract.js';
import { EmailAddress } from '../domain/email-address.js';
import {
  isOpenToItsPerson,
  mayRequestPersonalLink,
  PERSONAL_LINK_DAYS,
} from '../domain/personal-page.js';
import { countEvents } from '../domain/waitlist-entry.js';
import { parseEmailField } from '../domain/waitlist-application.js';
import { PersonalLinkIssuer } from './personal-link-issuer.js';
import { WaitlistEntries } from './ports/waitlist-entries.js';

/**
 * "E-mail me a link to my page": when the address is an entry's (a person's, not being erased,
 * within its daily number of links), a fresh link is e-mailed to it. The answer is the same
 * whether or not anything matched, and is given before anything is looked up, so neither its
 * content nor its timing tells whether an address is on the list (as ResendConfirmation).
 */
@Injectable()
export class RequestPersonalLink {
  private readonly logger = new Logger(RequestPersonalLink.name);

  constructor(
    private readonly entries: WaitlistEntries,
    private readonly personalLinks: PersonalLinkIssuer,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  /**
   * Throws InvalidWaitlistApplicationError (the form's e-mail messages) only. `sending` settles
   * once any e-mail is queued; its failures are logged without the address, never answered.
   */
  execute(command: { readonly email: string }): { readonly sending: Promise<void> } {
    const email = parseEmailField(command.email);
    const sending = this.sendIfMatching(email).catch((error: unknown) => {
      this.logger.warn(`Could not e-mail a personal link: ${String(error)}`);
    });
    return { sending };
  }

  private async sendIfMatching(email: EmailAddress): Promise<void> {
    const entry = await this.entries.findByEmail(email);
    const now = this.clock.now();
    if (!isOpenToItsPerson(entry) || !mayRequestPersonalLink(entry, now)) return;
    const personalUrl = await this.personalLinks.urlFor(entry.id, now);
    await this.outbox.enqueue({
      key: `personal-link:${entry.id}:${countEvents(entry, ['personal-link-sent']) + 1}`,
      kind: 'personal-link',
      to: { email: entry.email.value, name: entry.fullName.value },
      data: { personalUrl, expiresInDays: String(PERSONAL_LINK_DAYS) },
      about: entry.id,
    });
    await this.entries.recordEvent(entry.id, { at: now, event: 'personal-link-sent' });
  }
}
