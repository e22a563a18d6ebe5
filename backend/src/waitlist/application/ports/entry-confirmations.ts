import type { Seat } from '../../domain/seat.js';
import type { WaitlistHistoryEvent } from '../../domain/waitlist-entry.js';

/** The e-mail confirmation's writes: the link sent, the place confirmed with its seat. */
export abstract class EntryConfirmations {
  /** Records that a confirmation link was sent, working until `expiresAt`. */
  abstract recordConfirmationSent(
    id: string,
    event: WaitlistHistoryEvent,
    expiresAt: Date,
  ): Promise<void>;

  /** Marks the entry confirmed with its seat; doing it twice with the same seat changes nothing. */
  abstract markConfirmed(id: string, seat: Seat, at: Date): Promise<void>;
}
