import type { EmailAddress } from '../../domain/email-address.js';
import type { IndianMobileNumber } from '../../domain/indian-mobile-number.js';
import type { WaitlistEntry, WaitlistHistoryEvent } from '../../domain/waitlist-entry.js';

/**
 * Entries as the sign-up and the personal page meet them: a new entry, found by id, phone or
 * e-mail, and events in its history. One of the waitlist's role ports, all implemented by the one
 * Mongo adapter; a use case asks only for the ones it uses.
 */
export abstract class WaitlistEntries {
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
}
