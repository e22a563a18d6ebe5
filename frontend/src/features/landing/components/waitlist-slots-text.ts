import { EARLY_ACCESS_SLOTS } from '@/config/early-access';
import { formatCount } from '@/utils/format-count';

/** What the page says before (or without) the live count. */
export const EARLY_ACCESS_SLOTS_TEXT = `Only ${formatCount(EARLY_ACCESS_SLOTS)} early-access slots for trusted influencers`;

export function describeSlotsLeft(totalSlots: number, remainingSlots: number): string {
  if (remainingSlots <= 0) {
    return `All ${formatCount(totalSlots)} early-access slots are taken: join the waitlist to be next`;
  }
  return `${formatCount(remainingSlots)} of ${formatCount(totalSlots)} early-access slots left for trusted influencers`;
}
