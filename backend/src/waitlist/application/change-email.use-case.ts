import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import { EmailAddress } from '../domain/email-address.js';
import {
  changeMailsBudget,
  correctionsBudget,
  EMAIL_CHANGE_LINK_HOURS,
  emailChangeLinkExpiry,
  isOpenToItsPerson,
} from '../domain/personal-page.js';
import type { WaitlistEntry } from '../domain/waitlist-entry.js';
import {
  EmailChangeLinkExpiredError,
  EmailChangeLinkNotFoundError,
  TooManyCorrectionsError,
} from '../domain/waitlist.errors.js';
import { parseEmailField } from '../domain/waitlist-application.js';
import { erasureConfirmationKey } from './erase-waitlist-entry.use-case.js';
import { LimitSlots } from './ports/limit-slots.js';
import { PersonalPageLinks } from './ports/personal-page-links.js';
import { PersonalSessions } from './ports/personal-sessions.js';
import { WaitlistEntries } from './ports/waitlist-entries.js';
import { EntryCorrections } from './ports/entry-corrections.js';

/**
 * A new e-mail address, asked for on the personal page: a link goes to the NEW address, and the
 * entry keeps its old one until that link is opened. When a person's entry already holds the
 * address (another's, or this one's own), nothing is sent, and the answer is the same: the page
 * never tells whose address is on the list. A bot's trapped submission does not keep an address
 * from anyone (#28).
 *
 * The message to the new address carries only the link that confirms it: no link to the person's
 * page is issued for an address the entry has not confirmed (#28, finding 1).
 *
 * Limits, each claimed (LimitSlots) before the work it allows, so that they hold under any
 * concurrency (#28, finding 2): the entry's daily changes, then the change mails to one address.
 * An erasure that begins meanwhile wins: the request re-checks its mark before queueing, and
 * forgets what it queued if the mark appeared in between (#28, finding 5).
 */
@Injectable()
export class RequestEmailChange {
  private readonly logger = new Logger(RequestEmailChange.name);

  constructor(
    private readonly entries: WaitlistEntries,
    private readonly corrections: EntryCorrections,
    private readonly tokens: LinkTokens,
    private readonly links: PersonalPageLinks,
    private readonly outbox: Outbox,
    private readonly limits: LimitSlots,
    private readonly clock: Clock,
  ) {}

  /**
   * Validates (the form's e-mail messages) and claims one of the entry's daily changes
   * (TooManyCorrectionsError when none is left), then answers before looking the address up;
   * `sending` settles once any e-mail is queued (tests wait for it), its failures logged, never
   * answered.
   */
  async execute(
    entry: WaitlistEntry,
    command: { readonly email: string },
  ): Promise<{ readonly sending: Promise<void> }> {
    const email = parseEmailField(command.email);
    const now = this.clock.now();
    const { owner, limit, windowMs } = correctionsBudget(entry.id);
    if (!(await this.limits.claim(owner, limit, windowMs, now)).claimed) {
      throw new TooManyCorrectionsError();
    }
    const sending = this.sendIfFree(entry, email, now).catch((error: unknown) => {
      this.logger.warn(`Could not e-mail an address change link: ${String(error)}`);
    });
    return { sending };
  }

  private async sendIfFree(entry: WaitlistEntry, email: EmailAddress, now: Date): Promise<void> {
    const holder = await this.entries.findByEmail(email);
    if (holder && !holder.trapped) return;
    const recipient = changeMailsBudget(email.value);
    const use = await this.limits.claim(recipient.owner, recipient.limit, recipient.windowMs, now);
    if (!use.claimed) return;
    const token = await this.tokens.issue({
      purpose: 'email-change',
      subject: entry.id,
      issuedAt: now,
      expiresAt: emailChangeLinkExpiry(now),
    });
    const requested = await this.corrections.requestEmailChange(
      entry.id,
      { email, requestedAt: now },
      { at: now, event: 'email-change-requested', fields: ['email'] },
    );
    if (!requested || !(await this.stillPending(entry.id, email, now))) return;
    await this.outbox.enqueue({
      // One message per request, even two in the same millisecond.
      key: `email-change:${entry.id}:${now.getTime()}:${this.entries.nextId()}`,
      kind: 'email-change-confirmation',
      to: { email: email.value, name: entry.fullName.value },
      data: {
        confirmUrl: this.links.emailChangeUrl(token),
        expiresInHours: String(EMAIL_CHANGE_LINK_HOURS),
      },
      about: entry.id,
    });
    // An erasure that began between the check and the enqueue may have forgotten the entry's
    // mail before this one was stored: it is forgotten here, then.
    if (await this.erasureBegun(entry.id)) {
      await this.outbox.forgetAbout(entry.id, erasureConfirmationKey(entry.id));
    }
  }

  /**
   * Whether this request is still the entry's pending one, the entry not being erased: a request
   * a later one replaced meanwhile sends nothing (only the latest link works).
   */
  private async stillPending(entryId: string, email: EmailAddress, at: Date): Promise<boolean> {
    const current = await this.entries.findById(entryId);
    const pending = current?.pendingEmail;
    return (
      current?.erasureRequestedAt === undefined &&
      pending?.email.value === email.value &&
      pending.requestedAt.getTime() === at.getTime()
    );
  }

  private async erasureBegun(entryId: string): Promise<boolean> {
    const current = await this.entries.findById(entryId);
    return current?.erasureRequestedAt !== undefined || current === undefined;
  }
}

/**
 * Opens the link sent to a new address: the entry switches to it, and everything the old address
 * was sent stops working (#28, finding 4): every outstanding link to the person's page is
 * discarded and every session of the entry ends (the new address asks for a fresh link).
 *
 * Only the latest request's link works (an older one is "not valid"). Opening it again after the
 * switch answers the same, but only while the link is within its 24 hours and the address is still
 * the one it switched to (#28, finding 7): an old link never tells the entry's current address.
 * Rejects with EmailChangeLinkNotFoundError, EmailChangeLinkExpiredError, or
 * EmailAlreadyRegisteredError when another entry took the address meanwhile.
 */
@Injectable()
export class ConfirmEmailChange {
  constructor(
    private readonly tokens: LinkTokens,
    private readonly entries: WaitlistEntries,
    private readonly corrections: EntryCorrections,
    private readonly sessions: PersonalSessions,
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
      // A second click: the same answer only while this link's switch is the latest one.
      const switchedByThisLink =
        link.usedAt !== undefined &&
        entry.emailChangeRequestedAt?.getTime() === link.issuedAt.getTime();
      if (!switchedByThisLink) throw new EmailChangeLinkNotFoundError();
      if (link.status === 'expired') throw new EmailChangeLinkExpiredError();
      return { email: entry.email.value };
    }
    if (link.status === 'expired') throw new EmailChangeLinkExpiredError();
    await this.tokens.markUsed(token, now);
    const switched = await this.corrections.switchEmail(
      entry.id,
      pending.email,
      pending.requestedAt,
      {
        at: now,
        event: 'corrected',
        fields: ['email'],
      },
    );
    if (!switched) throw new EmailChangeLinkNotFoundError();
    // The old mailbox's links and the sessions they opened: none keeps control of the entry.
    await this.tokens.discardFor(entry.id, 'personal-link');
    await this.sessions.endAllOf(entry.id);
    return { email: pending.email.value };
  }
}
