import { EARLY_ACCESS_SLOTS } from './seat.js';

export interface WaitlistStats {
  readonly totalSlots: number;
  /** Early-access slots taken: never more than totalSlots. */
  readonly takenSlots: number;
  /** Never below 0, however many join beyond the early-access slots. */
  readonly remainingSlots: number;
}

export function waitlistStatsFor(entryCount: number): WaitlistStats {
  const takenSlots = Math.min(entryCount, EARLY_ACCESS_SLOTS);
  return {
    totalSlots: EARLY_ACCESS_SLOTS,
    takenSlots,
    remainingSlots: EARLY_ACCESS_SLOTS - takenSlots,
  };
}
