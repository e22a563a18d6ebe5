import type { Seat } from '../../domain/seat.js';

/**
 * The seats of confirmed entries, in the order they were confirmed. An entry has at most one seat
 * and a seat at most one entry, however many processes confirm at once.
 */
export abstract class WaitlistSeats {
  /** The entry's seat: the next free one on the first call, the same one on every later call. */
  abstract claim(entryId: string, at: Date): Promise<Seat>;

  /** Seats taken so far (a few seconds stale at most, as the live count allows). */
  abstract countTaken(): Promise<number>;
}
