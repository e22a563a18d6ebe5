import { EARLY_ACCESS_SLOTS } from './seat.js';

export interface WaitlistStats {
  readonly totalSlots: number;
  /** Early-access slots taken by confirmed entries: never more than totalSlots. */
  readonly takenSlots: number;
  /** Never below 0, however many confirm beyond the early-access slots. */
  readonly remainingSlots: number;
}

/** The slots as `seatsTaken` confirmed entries leave them (unconfirmed entries hold none). */
export function waitlistStatsFor(seatsTaken: number): WaitlistStats {
  const takenSlots = Math.min(seatsTaken, EARLY_ACCESS_SLOTS);
  return {
    totalSlots: EARLY_ACCESS_SLOTS,
    takenSlots,
    remainingSlots: EARLY_ACCESS_SLOTS - takenSlots,
  };
}
