import { randomUUID } from 'node:crypto';
import type { mongo } from 'mongoose';
import { insertedFirst, isDuplicateKeysOnly } from './duplicate-key.js';

/**
 * Exclusive work by time window, claim-once on any MongoDB-compatible store (FerretDB 1.x has no
 * atomic conditional update): window `w` belongs to whoever first inserts `<name>:<w>`. Others
 * claim only the window under way; the holder claims the next one as soon as it holds one, so a
 * live holder keeps the work and a killed one is replaced at most two windows later. Two holders
 * never overlap while each write of a holder finishes within `marginMs` (half a window; clocks
 * agreeing, NTP): a holder checks its deadline before each write.
 */
export class WindowLease {
  private readonly held = new Set<number>();
  readonly holder = randomUUID();

  constructor(
    private readonly collection: mongo.Collection<{ _id: string; holder: string; at: Date }>,
    private readonly name: string,
    readonly windowMs: number,
    private readonly marginMs = windowMs / 2,
  ) {}

  /**
   * The time (epoch ms) until which this holder may start a write, or 0 when another holder has
   * the work. A holder claims the window under way and the next one, so its deadline keeps
   * moving while it works; the margin is what one write may take at most.
   */
  async acquire(now = Date.now()): Promise<number> {
    const window = Math.floor(now / this.windowMs);
    if (!this.held.has(window) && !(await this.claim(window))) return 0;
    if (!this.held.has(window + 1)) await this.claim(window + 1);
    const last = this.held.has(window + 1) ? window + 1 : window;
    const deadline = (last + 1) * this.windowMs - this.marginMs;
    return deadline > Date.now() ? deadline : 0;
  }

  /** Ms until the next window opens: when a follower that lost may try again. */
  untilNextWindow(now = Date.now()): number {
    return this.windowMs - (now % this.windowMs);
  }

  private async claim(window: number): Promise<boolean> {
    const _id = `${this.name}:${String(window)}`;
    const won = await insertedFirst(() =>
      this.collection.insertOne({ _id, holder: this.holder, at: new Date() }),
    );
    if (won) {
      this.held.add(window);
      this.held.delete(window - 2);
      await this.collection.deleteOne({ _id: `${this.name}:${String(window - 3)}` });
    }
    return won;
  }
}

/** Inserts, ignoring documents already stored (an idempotent bulk write). */
export async function insertAllOnce<T extends { _id: string }>(
  collection: mongo.Collection<T>,
  documents: readonly T[],
): Promise<void> {
  if (documents.length === 0) return;
  try {
    await collection.insertMany(documents as mongo.OptionalUnlessRequiredId<T>[], {
      ordered: false,
    });
  } catch (error) {
    if (!isDuplicateKeysOnly(error)) throw error;
  }
}
