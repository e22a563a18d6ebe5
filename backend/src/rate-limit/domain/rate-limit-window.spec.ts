import { allowedHit, blockedHit, currentWindow, slotOf } from './rate-limit-window.js';

const MINUTE_MS = 60_000;

describe('a fixed rate-limit window', () => {
  const key = 'client-a';
  const now = new Date('2026-11-20T10:00:00.000Z');

  it('is the same for every instant until it ends, then the next one begins', () => {
    const window = currentWindow(key, MINUTE_MS, now);
    const justBeforeEnd = new Date(window.endsAt.getTime() - 1);
    expect(currentWindow(key, MINUTE_MS, justBeforeEnd)).toEqual(window);
    const next = currentWindow(key, MINUTE_MS, window.endsAt);
    expect(next.id).not.toBe(window.id);
    expect(next.endsAt.getTime() - window.endsAt.getTime()).toBe(MINUTE_MS);
  });

  it('ends within one window length from now', () => {
    for (const client of ['a', 'b', 'c', '203.0.113.7', '::1']) {
      const { endsAt } = currentWindow(client, MINUTE_MS, now);
      expect(endsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(endsAt.getTime()).toBeLessThanOrEqual(now.getTime() + MINUTE_MS);
    }
  });

  it('ends at a moment that depends on the client, so not everyone is let in at once', () => {
    const ends = new Set(
      Array.from({ length: 20 }, (_, index) =>
        currentWindow(`client-${index}`, MINUTE_MS, now).endsAt.getTime(),
      ),
    );
    expect(ends.size).toBeGreaterThan(15);
  });

  it('names slots per client, window length and hit number', () => {
    const window = currentWindow(key, MINUTE_MS, now);
    expect(slotOf(window, 1)).not.toBe(slotOf(window, 2));
    expect(slotOf(window, 1)).not.toBe(slotOf(currentWindow('client-b', MINUTE_MS, now), 1));
    expect(slotOf(window, 1)).not.toBe(slotOf(currentWindow(key, 2 * MINUTE_MS, now), 1));
  });

  it('tells a hit how many whole seconds remain, never zero', () => {
    const window = currentWindow(key, MINUTE_MS, now);
    const secondsLeft = Math.ceil((window.endsAt.getTime() - now.getTime()) / 1000);
    expect(allowedHit(window, 3, now)).toEqual({
      totalHits: 3,
      isBlocked: false,
      secondsUntilReset: secondsLeft,
    });
    expect(blockedHit(window, 10, new Date(window.endsAt.getTime() - 1))).toEqual({
      totalHits: 11,
      isBlocked: true,
      secondsUntilReset: 1,
    });
  });

  it('refuses a window length that is not a positive whole number of ms', () => {
    expect(() => currentWindow(key, 0, now)).toThrow(RangeError);
    expect(() => currentWindow(key, 1.5, now)).toThrow(RangeError);
  });
});
