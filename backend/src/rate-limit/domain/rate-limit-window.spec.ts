import {
  allowedHit,
  blockedHit,
  currentWindow,
  type SlotBlock,
  slotBlock,
  slotOf,
} from './rate-limit-window.js';

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

describe('the blocks of hit numbers a window is claimed in', () => {
  function blocksOf(limit: number): SlotBlock[] {
    const blocks: SlotBlock[] = [];
    for (let block = slotBlock(0, limit); block; block = slotBlock(blocks.length, limit)) {
      blocks.push(block);
    }
    return blocks;
  }

  it.each([1, 2, 10, 30, 127, 128, 1000, 6400, 65_537, 1_000_000])(
    'cover 1 … %i exactly once, in order, the same on every call',
    (limit) => {
      const blocks = blocksOf(limit);
      expect(blocks[0]?.first).toBe(1);
      blocks.forEach((block, index) => {
        expect(block.last).toBeGreaterThanOrEqual(block.first);
        if (index > 0) expect(block.first).toBe((blocks[index - 1] as SlotBlock).last + 1);
      });
      expect(blocks.at(-1)?.last).toBe(limit);
      expect(blocksOf(limit)).toEqual(blocks);
    },
  );

  it('are single numbers for the limits people meet (under 128), so each hit claims its own', () => {
    expect(blocksOf(10)).toEqual(
      Array.from({ length: 10 }, (_, i) => ({ first: i + 1, last: i + 1 })),
    );
    expect(blocksOf(127)).toHaveLength(127);
  });

  it('double up to a 64th of a high limit, so a window costs a few dozen claims', () => {
    const blocks = blocksOf(1_000_000);
    expect(blocks.slice(0, 4)).toEqual([
      { first: 1, last: 1 },
      { first: 2, last: 3 },
      { first: 4, last: 7 },
      { first: 8, last: 15 },
    ]);
    expect(Math.max(...blocks.map((b) => b.last - b.first + 1))).toBe(15_625);
    expect(blocks.length).toBeLessThan(100);
  });
});
