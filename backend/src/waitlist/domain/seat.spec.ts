import { EARLY_ACCESS_SLOTS, Seat } from './seat.js';
import { waitlistStatsFor } from './waitlist-stats.js';

describe('a seat', () => {
  it('has early access up to and including seat 1,000', () => {
    expect(EARLY_ACCESS_SLOTS).toBe(1000);
    expect(Seat.of(1).isEarlyAccess).toBe(true);
    expect(Seat.of(1000).isEarlyAccess).toBe(true);
    expect(Seat.of(1001).isEarlyAccess).toBe(false);
  });

  it.each([0, -1, 1.5, Number.NaN])('is never %p', (number) => {
    expect(() => Seat.of(number)).toThrow(RangeError);
  });
});

describe('waitlistStatsFor', () => {
  it.each([
    [0, { totalSlots: 1000, takenSlots: 0, remainingSlots: 1000 }],
    [42, { totalSlots: 1000, takenSlots: 42, remainingSlots: 958 }],
    [1000, { totalSlots: 1000, takenSlots: 1000, remainingSlots: 0 }],
    [1500, { totalSlots: 1000, takenSlots: 1000, remainingSlots: 0 }],
  ])('counts %i entries as %o', (entryCount, stats) => {
    expect(waitlistStatsFor(entryCount)).toEqual(stats);
  });
});
