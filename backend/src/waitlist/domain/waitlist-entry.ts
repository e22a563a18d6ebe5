import type { EmailAddress } from './email-address.js';
import type { FullName } from './full-name.js';
import type { IndianMobileNumber } from './indian-mobile-number.js';
import type { InstagramHandle } from './instagram-handle.js';
import type { Consent } from './privacy-notice.js';
import type { Seat } from './seat.js';
import type { UserType } from './user-type.js';
import type { WaitlistApplication } from './waitlist-application.js';

/**
 * Where an entry is on its way to the product: submitted and waiting for its e-mail to be
 * confirmed (no seat yet), confirmed (a seat), invited and joined (set later by invites).
 */
export type WaitlistStatus = 'awaiting_confirmation' | 'confirmed' | 'invited' | 'joined';

/** What happened to an entry, oldest first; `fields` names the fields an event changed. */
export interface WaitlistHistoryEvent {
  readonly at: Date;
  readonly event: WaitlistEvent;
  readonly fields?: readonly string[] | undefined;
}

export type WaitlistEvent =
  | 'joined'
  | 'confirmation-sent'
  | 'confirmation-resent'
  | 'confirmed'
  | 'invited'
  | 'invite-resent'
  | 'invite-revoked'
  | 'account-created'
  // The personal page (#13): a link e-mailed, a field corrected (`fields` names which, never the
  // old values), a new e-mail address asked for and confirmed, an erasure begun.
  | 'personal-link-sent'
  | 'corrected'
  // A correction refused because another entry holds the phone: counted against the daily limit,
  // so a session cannot probe phone numbers one after another.
  | 'correction-refused'
  | 'email-change-requested'
  | 'erasure-requested';

/** A new e-mail address waiting for its confirmation: the link's token was issued at `requestedAt`. */
export interface PendingEmail {
  readonly email: EmailAddress;
  readonly requestedAt: Date;
}

/** The Paylock account an invited entry signed up with (its Google e-mail may differ). */
export interface JoinedAccount {
  readonly accountId: string;
  readonly email: string;
}

/**
 * A person on the waitlist. No two entries share a phone number or an e-mail address, from the
 * moment they are submitted; the store enforces that. The seat comes with the confirmation.
 */
export interface WaitlistEntry {
  readonly id: string;
  readonly fullName: FullName;
  readonly email: EmailAddress;
  readonly phone: IndianMobileNumber;
  readonly instagramHandle: InstagramHandle;
  readonly userType: UserType;
  readonly consent: Consent;
  readonly createdAt: Date;
  readonly status: WaitlistStatus;
  readonly confirmedAt?: Date | undefined;
  readonly seat?: Seat | undefined;
  /** Until when the latest confirmation link works; an unconfirmed entry is erased after it. */
  readonly confirmationExpiresAt?: Date | undefined;
  /**
   * Submitted by a bot (it filled the form's hidden field). Kept like any unconfirmed entry so
   * that the bot's next submission is answered as a person's would be, but never e-mailed, never
   * confirmable, and erased like every unconfirmed entry.
   */
  readonly trapped: boolean;
  readonly history: readonly WaitlistHistoryEvent[];
  /** A new address asked for on the personal page, used once its link is opened. */
  readonly pendingEmail?: PendingEmail | undefined;
  /**
   * When the address was last switched by a change link: that request's `requestedAt` (the link's
   * issue time). A used link answers a second click only while this is still its own (#28).
   */
  readonly emailChangeRequestedAt?: Date | undefined;
  /**
   * The person asked for erasure: from this moment the entry is closed to everyone, and the
   * erasure's idempotent steps run until the entry is gone (a rerun finishes a half-done one).
   */
  readonly erasureRequestedAt?: Date | undefined;
}

/** Submitting the form is the consent: to the notice version it showed, at this moment. */
export function newWaitlistEntry(
  id: string,
  application: WaitlistApplication,
  now: Date,
  options: { trapped: boolean; confirmationExpiresAt: Date },
): WaitlistEntry {
  const { privacyNoticeVersion, ...person } = application;
  return {
    id,
    ...person,
    consent: { privacyNoticeVersion, consentedAt: now },
    createdAt: now,
    status: 'awaiting_confirmation',
    confirmationExpiresAt: options.confirmationExpiresAt,
    trapped: options.trapped,
    // The first link is sent as the entry is stored (SendConfirmation.sendFirst).
    history: [
      { at: now, event: 'joined' },
      { at: now, event: 'confirmation-sent' },
    ],
  };
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * How many of these events the entry's history records, in the 24 hours before `now` if given:
 * the daily limits, and the numbers of the e-mails of one kind (their outbox keys).
 */
export function countEvents(
  entry: WaitlistEntry,
  events: readonly WaitlistEvent[],
  now?: Date,
): number {
  const inWindow = (at: Date) => now === undefined || at.getTime() > now.getTime() - DAY_MS;
  return entry.history.filter(({ event, at }) => events.includes(event) && inWindow(at)).length;
}
