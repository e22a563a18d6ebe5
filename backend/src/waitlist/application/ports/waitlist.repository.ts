import type { IndianMobileNumber } from '../../domain/indian-mobile-number.js';
import type { Seat } from '../../domain/seat.js';
import type {
  JoinedAccount,
  WaitlistEntry,
  WaitlistHistoryEvent,
} from '../../domain/waitlist-entry.js';

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
