import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Clock } from '../../common/application/clock.js';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { currentWindow } from '../domain/rate-limit-window.js';
import { CountHit, EXPIRED_SLOT_GRACE_MS, SWEEP_INTERVAL_MS } from './count-hit.use-case.js';
import { HitSlots } from './ports/hit-slots.js';

const MINUTE_MS = 60_000;
const KEY = 'client-a';

/** A store shared by several CountHit instances, answering a turn of the event loop later. */
class InMemoryHitSlots extends HitSlots {
  readonly expiresAtBySlot = new Map<string, Date>();
  claims = 0;
  unreachable = false;

  async claim(slot: string, expiresAt: Date): Promise<boolean> {
    this.claims += 1;
    await nextTurn();
    if (this.unreachable) throw new Error('store unreachable');
    if (this.expiresAtBySlot.has(slot)) return false;
    this.expiresAtBySlot.set(slot, expiresAt);
    return true;
  }

  async removeExpired(before: Date): Promise<void> {
    await nextTurn();
    for (const [slot, expiresAt] of this.expiresAtBySlot) {
      if (expiresAt < before) this.expiresAtBySlot.delete(slot);
    }
  }
}

function instances(count: number, slots: HitSlots, clock: Clock): CountHit[] {
  return Array.from({ length: count }, () => new CountHit(slots, clock));
}

/** `total` simultaneous hits of one client, dealt to the instances in turn. */
async function hits(counters: CountHit[], total: number, limit: number, key = KEY) {
  return Promise.all(
    Array.from({ length: total }, (_, index) =>
      (counters[index % counters.length] as CountHit).execute(key, MINUTE_MS, limit),
    ),
  );
}

describe('counting a client’s hits across instances', () => {
  let clock: FakeClock;
  let slots: InMemoryHitSlots;

  beforeEach(() => {
    clock = new FakeClock();
    slots = new InMemoryHitSlots();
  });

  it('allows exactly the limit of 50 simultaneous hits spread over three instances', async () => {
    const decisions = await hits(instances(3, slots, clock), 50, 10);
    const allowed = decisions.filter((decision) => !decision.isBlocked);
    expect(allowed).toHaveLength(10);
    expect(allowed.map((decision) => decision.totalHits).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('counts hits served one after another by alternating instances as one budget', async () => {
    const [first, second] = instances(2, slots, clock) as [CountHit, CountHit];
    const outcomes: boolean[] = [];
    for (let hit = 1; hit <= 11; hit++) {
      const counter = hit % 2 ? first : second;
      outcomes.push((await counter.execute(KEY, MINUTE_MS, 10)).isBlocked);
    }
    expect(outcomes).toEqual([...Array<boolean>(10).fill(false), true]);
  });

  it('keeps other clients’ budgets apart', async () => {
    const [counter] = instances(1, slots, clock) as [CountHit];
    await hits([counter], 3, 3);
    expect((await counter.execute(KEY, MINUTE_MS, 3)).isBlocked).toBe(true);
    expect((await counter.execute('client-b', MINUTE_MS, 3)).isBlocked).toBe(false);
  });

  it('blocks a client over its limit without touching the store, until its window ends', async () => {
    const [counter] = instances(1, slots, clock) as [CountHit];
    await hits([counter], 3, 3);
    const claimsWhenFull = slots.claims;
    const blocked = await hits([counter], 20, 3);
    expect(blocked.every((decision) => decision.isBlocked)).toBe(true);
    expect(slots.claims).toBe(claimsWhenFull);

    const { endsAt } = currentWindow(KEY, MINUTE_MS, clock.now());
    clock.advance(endsAt.getTime() - clock.now().getTime());
    expect(await counter.execute(KEY, MINUTE_MS, 3)).toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
  });

  it('tells a blocked client how long until its window ends', async () => {
    const [counter] = instances(1, slots, clock) as [CountHit];
    await hits([counter], 2, 2);
    const { endsAt } = currentWindow(KEY, MINUTE_MS, clock.now());
    clock.advance(endsAt.getTime() - clock.now().getTime() - 4500);
    expect(await counter.execute(KEY, MINUTE_MS, 2)).toEqual({
      totalHits: 3,
      isBlocked: true,
      secondsUntilReset: 5,
    });
  });

  it('fails while the store is unreachable, and loses no budget to the failed hits', async () => {
    const [counter] = instances(1, slots, clock) as [CountHit];
    await hits([counter], 2, 5);
    slots.unreachable = true;
    await expect(counter.execute(KEY, MINUTE_MS, 5)).rejects.toThrow('store unreachable');
    await expect(counter.execute(KEY, MINUTE_MS, 5)).rejects.toThrow('store unreachable');
    slots.unreachable = false;
    const after = await hits([counter], 4, 5);
    expect(after.filter((decision) => !decision.isBlocked)).toHaveLength(3);
  });

  it('removes slots whose window ended more than the grace ago, from an interval after start', async () => {
    const [counter] = instances(1, slots, clock) as [CountHit];
    const longAgo = new Date(clock.now().getTime() - EXPIRED_SLOT_GRACE_MS - 5 * MINUTE_MS);
    slots.expiresAtBySlot.set('left-from-before-a-restart', longAgo);

    await counter.execute(KEY, MINUTE_MS, 10);
    await nextTurn();
    expect(slots.expiresAtBySlot.has('left-from-before-a-restart')).toBe(true);

    clock.advance(SWEEP_INTERVAL_MS);
    await counter.execute('client-b', MINUTE_MS, 10);
    await nextTurn();
    expect(slots.expiresAtBySlot.has('left-from-before-a-restart')).toBe(false);
    expect(slots.expiresAtBySlot.size).toBe(2); // the two live windows' slots are kept
  });

  it('claims a high limit in blocks: thousands of hits cost a few dozen claims', async () => {
    const [counter] = instances(1, slots, clock) as [CountHit];
    const decisions = await hits([counter], 5000, 1_000_000);
    expect(decisions.every((decision) => !decision.isBlocked)).toBe(true);
    expect(new Set(decisions.map((decision) => decision.totalHits)).size).toBe(5000);
    expect(slots.claims).toBeLessThanOrEqual(13); // blocks of 1, 2, 4, … 4096
  });

  it('never allows more than a high limit across instances, and loses at most a block each', async () => {
    const limit = 6400; // blocks grow to 100 numbers
    const decisions = await hits(instances(3, slots, clock), 7000, limit);
    const allowed = decisions.filter((decision) => !decision.isBlocked);
    expect(allowed.length).toBeLessThanOrEqual(limit);
    expect(allowed.length).toBeGreaterThanOrEqual(limit - 2 * 100);
    expect(new Set(allowed.map((decision) => decision.totalHits)).size).toBe(allowed.length);
  });
});
