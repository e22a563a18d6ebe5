import type { EmailAddress } from '../../domain/email-address.js';
import type { FullName } from '../../domain/full-name.js';
import type { IndianMobileNumber } from '../../domain/indian-mobile-number.js';
import type { InstagramHandle } from '../../domain/instagram-handle.js';
import type { Seat } from '../../domain/seat.js';
import type { UserType } from '../../domain/user-type.js';
import type {
  JoinedAccount,
  PendingEmail,
  WaitlistEntry,
  WaitlistHistoryEvent,
} from '../../domain/waitlist-entry.js';

/** New values for the fields a person corrects on their page; absent ones stay. */
export interface EntryCorrection {
  readonly fullName?: FullName;
  readonly instagramHandle?: InstagramHandle;
  readonly userType?: UserType;
  readonly phone?: IndianMobileNumber;
}

/**
 * Where waitlist entries live. An abstract class, so that it is also the Nest injection token.
 */
export abstract class WaitlistRepository {
  /** A fresh identity for an entry about to be added. */
  abstract nextId(): string;

  /**
   * Stores a new entry. Rejects with PhoneAlreadyRegisteredError or EmailAlreadyRegisteredError
   * (phone first, when both are taken) and stores nothing in that case, even across processes.
   */
  abstract add(entry: WaitlistEntry): Promise<void>;

  abstract findById(id: string): Promise<WaitlistEntry | undefined>;

  abstract findByPhone(phone: IndianMobileNumber): Promise<WaitlistEntry | undefined>;

  abstract findByEmail(email: EmailAddress): Promise<WaitlistEntry | undefined>;

  /** Appends an event to the entry's history. */
  abstract recordEvent(id: string, event: WaitlistHistoryEvent): Promise<void>;

  /**
   * Writes the corrected fields and records `event`. Rejects with PhoneAlreadyRegisteredError
   * (and changes nothing) when the new phone is another entry's.
   */
  abstract correct(
    id: string,
    correction: EntryCorrection,
    event: WaitlistHistoryEvent,
  ): Promise<void>;

  /**
   * Keeps a new address until its link is opened (replacing any earlier one), records `event`.
   * False (nothing written) when the entry is gone or its erasure began.
   */
  abstract requestEmailChange(
    id: string,
    pending: PendingEmail,
    event: WaitlistHistoryEvent,
  ): Promise<boolean>;

  /**
   * Switches to the pending address asked for at `requestedAt`, if it is still the pending one:
   * true when switched (or already switched to `email`). Rejects with EmailAlreadyRegisteredError
   * when another entry holds the address by now.
   */
  abstract switchEmail(
    id: string,
    email: EmailAddress,
    requestedAt: Date,
    event: WaitlistHistoryEvent,
  ): Promise<boolean>;

  /** Closes the entry to everyone and marks its erasure begun (idempotent: the first time stays). */
  abstract markErasureRequested(id: string, at: Date): Promise<void>;

  /** The last step of an erasure: the entry and its personal data go; its seat row stays. */
  abstract remove(id: string): Promise<void>;

  /** Entries whose erasure began but did not finish (a crash half-way): the sweeper finishes them. */
  abstract idsAwaitingErasure(): Promise<string[]>;

  /** Up to `limit` entry ids in id order, after `afterId` (from the first when undefined). */
  abstract idsAfter(afterId: string | undefined, limit: number): Promise<string[]>;

  /** Records that a confirmation link was sent, working until `expiresAt`. */
  abstract recordConfirmationSent(
    id: string,
    event: WaitlistHistoryEvent,
    expiresAt: Date,
  ): Promise<void>;

  /** Marks the entry confirmed with its seat; doing it twice with the same seat changes nothing. */
  abstract markConfirmed(id: string, seat: Seat, at: Date): Promise<void>;

  /**
   * Erases entries still awaiting confirmation whose link expired before `before`; answers how
   * many. Idempotent, so any number of instances may run it.
   */
  abstract eraseUnconfirmedExpiredBefore(before: Date): Promise<number>;

  /**
   * Invites (issue #15): confirmed entries among `ids` become `invited`; every one of them that
   * is confirmed or invited gets `event` in its history. Entries in other states are untouched.
   */
  abstract markInvited(
    ids: readonly string[],
    event: 'invited' | 'invite-resent' | 'invite-revoked',
    at: Date,
  ): Promise<void>;

  /** The entry's invite was redeemed: status `joined`, linked to the account. Idempotent. */
  abstract markJoined(id: string, account: JoinedAccount, at: Date): Promise<void>;
}
