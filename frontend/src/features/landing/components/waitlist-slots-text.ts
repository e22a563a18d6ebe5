export const EARLY_ACCESS_SLOTS = 1000;

const count = new Intl.NumberFormat('en-IN');

/** What the page says before (or without) the live count. */
export const EARLY_ACCESS_SLOTS_TEXT = `Only ${count.format(EARLY_ACCESS_SLOTS)} early-access slots for trusted influencers`;

export function describeSlotsLeft(totalSlots: number, remainingSlots: number): string {
  if (remainingSlots <= 0) {
    return `All ${count.format(totalSlots)} early-access slots are taken: join the waitlist to be next`;
  }
  return `${count.format(remainingSlots)} of ${count.format(totalSlots)} early-access slots left for trusted influencers`;
}
