import type { Seat } from '../../domain/seat.js';
import type { WaitlistEntry } from '../../domain/waitlist-entry.js';

/**
 * Where waitlist entries live. An abstract class, so that it is also the Nest injection token.
 */
export abstract class WaitlistRepository {
  /** A fresh identity for an entry about to be added. */
  abstract nextId(): string;

  /**
   * Stores the entry with the next free seat, and answers that seat. Rejects with
   * PhoneAlreadyRegisteredError or EmailAlreadyRegisteredError (phone first, when both are taken)
   * and stores nothing in that case; a seat is never given twice, even across processes.
   */
  abstract add(entry: WaitlistEntry): Promise<Seat>;

  abstract countEntries(): Promise<number>;
}
