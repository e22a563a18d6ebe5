import type { HistoryEntry } from './deal.js';
import { cancellationCooldownSeconds } from './creator-limits.js';

const AT = new Date('2026-11-27T10:00:00.000Z');

function withdrawal(by: 'creator' | 'brand', at: Date): HistoryEntry {
  return {
    at,
    by,
    actor: by,
    from: 'accepted',
    to: 'accepted',
    version: 1,
    note: 'Called off',
    cancellation: { action: 'withdraw', proposedBy: by },
  };
}

describe("a party's cool-down after withdrawing its cancellation proposal", () => {
  it('runs for the configured minutes from the last withdrawal, for that party only', () => {
    const deal = { history: [withdrawal('creator', AT)] };
    const later = (minutes: number) => new Date(AT.getTime() + minutes * 60_000);
    expect(cancellationCooldownSeconds(deal, 'creator', 60, later(0))).toBe(3_600);
    expect(cancellationCooldownSeconds(deal, 'creator', 60, later(59.5))).toBe(30);
    expect(cancellationCooldownSeconds(deal, 'creator', 60, later(60))).toBe(0);
    expect(cancellationCooldownSeconds(deal, 'brand', 60, later(0))).toBe(0);
    expect(cancellationCooldownSeconds(deal, 'creator', 0, later(0))).toBe(0);
    expect(cancellationCooldownSeconds({ history: [] }, 'creator', 60, later(0))).toBe(0);
  });
});
