import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { normalizeEmailAddress } from '../../common/domain/email-address.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import { CountHit } from '../../rate-limit/rate-limit.contract.js';
import {
  type Account,
  accountNameOf,
  Accounts,
  CONTACT_EMAIL_LINK_HOURS,
  ContactEmails,
  contactEmailLinkExpiry,
  isBrandAccount,
  mailAddressOf,
  maskedEmail,
} from '../../users/users.contract.js';
import {
  ContactEmailLinkExpiredError,
  ContactEmailLinkNotValidError,
  InvalidContactEmailError,
  TooManyContactEmailChangesError,
} from '../domain/auth.errors.js';
import { AccountLinks } from './ports/account-links.js';

const DAY_MS = 86_400_000;
/** Change requests per account per day: each one mails a link. */
export const CONTACT_EMAIL_CHANGES_PER_DAY = 5;
/** Links mailed to one address per day, whoever asks: nobody can flood a stranger's mailbox. */
export const CONTACT_EMAIL_MAILS_PER_ADDRESS_PER_DAY = 3;

/** What Settings → Profile shows of the contact address. */
export interface ContactEmailStatus {
  /** The confirmed contact address; null while notices go to the Google address. */
  readonly contactEmail: string | null;
  /** The address waiting for its link to be opened, if any. */
  readonly pendingEmail: string | null;
  /** Where the account's mail goes now; null for a brand that has no contact address yet. */
  readonly mailedTo: string | null;
}

/** The address an account signs in with: a creator's Google address; a brand has none. */
function signInEmailOf(account: Account): string | null {
  return isBrandAccount(account) ? null : account.email;
}

function hashed(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}

@Injectable()
export class GetContactEmail {
  constructor(private readonly contacts: ContactEmails) {}

  async execute(account: Account): Promise<ContactEmailStatus> {
    const contact = await this.contacts.find(account.id);
    return {
      contactEmail: contact?.email ?? null,
      pendingEmail: contact?.pending?.email ?? null,
      mailedTo: mailAddressOf(signInEmailOf(account), contact),
    };
  }
}

/**
 * A creator or a brand asks for notices at a new address (#41): a link goes to the NEW address, and the old
 * one stays in use until that link is opened. Only the latest request's link works. Each request
 * is counted against the account's daily budget before anything is stored; a link is mailed to
 * one address at most a few times a day, whoever asks (the answer is the same when it is not).
 */
@Injectable()
export class RequestContactEmailChange {
  constructor(
    private readonly contacts: ContactEmails,
    private readonly tokens: LinkTokens,
    private readonly outbox: Outbox,
    private readonly countHit: CountHit,
    private readonly links: AccountLinks,
    private readonly clock: Clock,
  ) {}

  async execute(user: Account, requested: string): Promise<ContactEmailStatus> {
    const email = normalizeEmailAddress(requested);
    if (email === undefined) throw new InvalidContactEmailError();
    const perAccount = await this.countHit.execute(
      `contact-email:account:${user.id}`,
      DAY_MS,
      CONTACT_EMAIL_CHANGES_PER_DAY,
    );
    if (perAccount.isBlocked) throw new TooManyContactEmailChangesError();
    const now = this.clock.now();
    await this.contacts.requestChange(user.id, email, now);
    const perAddress = await this.countHit.execute(
      `contact-email:to:${hashed(email)}`,
      DAY_MS,
      CONTACT_EMAIL_MAILS_PER_ADDRESS_PER_DAY,
    );
    if (!perAddress.isBlocked) await this.mailLink(user, email, now);
    const contact = await this.contacts.find(user.id);
    return {
      contactEmail: contact?.email ?? null,
      pendingEmail: email,
      mailedTo: mailAddressOf(signInEmailOf(user), contact),
    };
  }

  private async mailLink(user: Account, email: string, now: Date): Promise<void> {
    const token = await this.tokens.issue({
      purpose: 'contact-email-change',
      subject: user.id,
      issuedAt: now,
      expiresAt: contactEmailLinkExpiry(now),
    });
    await this.outbox.enqueue({
      key: `contact-email:${user.id}:${String(now.getTime())}`,
      kind: 'contact-email-confirmation',
      to: { email, name: accountNameOf(user) },
      data: {
        confirmUrl: this.links.contactEmailConfirmUrl(token),
        expiresInHours: String(CONTACT_EMAIL_LINK_HOURS),
      },
      about: user.id,
    });
  }
}

/**
 * Opens the link mailed to a new contact address: the account's notices go there from now on,
 * and the address they went to before gets a notice of the change. The link works once (its use
 * is claimed against a unique index), only while it is the account's latest request, for 24 hours.
 * It needs no session: it may be opened on another device than the one that asked.
 */
@Injectable()
export class ConfirmContactEmailChange {
  constructor(
    private readonly contacts: ContactEmails,
    private readonly accounts: Accounts,
    private readonly tokens: LinkTokens,
    private readonly outbox: Outbox,
    private readonly links: AccountLinks,
    private readonly clock: Clock,
  ) {}

  /** Throws ContactEmailLinkNotValidError or ContactEmailLinkExpiredError. */
  async execute(token: string): Promise<{ readonly contactEmail: string }> {
    const now = this.clock.now();
    const link = await this.tokens.check(token, 'contact-email-change', now);
    if (link.status === 'unknown') throw new ContactEmailLinkNotValidError();
    if (link.status === 'expired') throw new ContactEmailLinkExpiredError();
    const user = await this.accounts.findById(link.subject);
    const contact = await this.contacts.find(link.subject);
    const pending = contact?.pending;
    if (!user || pending?.requestedAt.getTime() !== link.issuedAt.getTime()) {
      throw new ContactEmailLinkNotValidError();
    }
    if (!(await this.tokens.markUsed(token, now))) throw new ContactEmailLinkNotValidError();
    const switched = await this.contacts.confirm(user.id, link.issuedAt, now);
    if (!switched) throw new ContactEmailLinkNotValidError();
    // A brand's first address has no earlier one to tell.
    const previous = switched.previous ?? signInEmailOf(user);
    if (previous !== null && previous !== switched.email) {
      await this.noticeTo(user, previous, switched.email, now);
    }
    return { contactEmail: switched.email };
  }

  private async noticeTo(user: Account, previous: string, email: string, now: Date): Promise<void> {
    await this.outbox.enqueue({
      key: `contact-email-changed:${user.id}:${String(now.getTime())}`,
      kind: 'contact-email-changed',
      to: { email: previous, name: accountNameOf(user) },
      data: { newEmail: maskedEmail(email), securityUrl: this.links.securityUrl() },
      about: user.id,
    });
  }
}
