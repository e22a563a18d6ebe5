import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  allowedHit,
  blockedHit,
  currentWindow,
  type RateLimitDecision,
  type RateLimitWindow,
  slotOf,
} from '../domain/rate-limit-window.js';
import { HitSlots } from './ports/hit-slots.js';

/** Slots are kept this long after their window ends, so instances whose clocks differ agree. */
export const EXPIRED_SLOT_GRACE_MS = 60_000;
/**
 * How often an instance removes expired slots: on a hit, this long after its first hit and after
 * each removal (never at start-up, when other instances or tests may be setting the database up).
 */
export const SWEEP_INTERVAL_MS = 60_000;

interface NextSlot {
  number: number;
  readonly endsAt: Date;
}

/**
 * Counts a client's hit in its current window, shared by every instance through HitSlots: the
 * hit claims the lowest slot this instance believes free, and the next one whenever another
 * instance got there first. Over the limit, no slot is claimed at all, so a blocked client's
 * further requests cost the store nothing until the window ends.
 *
 * Each instance remembers the next free slot of the windows it has seen: requests arriving
 * together take consecutive slots without waiting for each other, and a client served by one
 * instance costs one claim per hit. An instance learning about hits served elsewhere pays one
 * refused claim for each.
 */
@Injectable()
export class CountHit {
  private readonly nextSlots = new Map<string, NextSlot>();
  private nextSweepAt: number | undefined;

  constructor(
    private readonly slots: HitSlots,
    private readonly clock: Clock,
  ) {}

  /** Throws when the store cannot be reached (the caller decides what that means). */
  async execute(key: string, windowMs: number, limit: number): Promise<RateLimitDecision> {
    const now = this.clock.now();
    this.sweepWhenDue(now);
    const window = currentWindow(key, windowMs, now);
    for (;;) {
      const hitNumber = this.reserveSlot(window);
      if (hitNumber > limit) return blockedHit(window, limit, now);
      if (await this.claim(window, hitNumber)) return allowedHit(window, hitNumber, now);
    }
  }

  private reserveSlot(window: RateLimitWindow): number {
    let next = this.nextSlots.get(window.id);
    if (!next) {
      next = { number: 1, endsAt: window.endsAt };
      this.nextSlots.set(window.id, next);
    }
    return next.number++;
  }

  private async claim(window: RateLimitWindow, hitNumber: number): Promise<boolean> {
    try {
      return await this.slots.claim(slotOf(window, hitNumber), window.endsAt);
    } catch (error) {
      // Whether this slot is taken is unknown now; counting again from slot 1 finds out, and
      // fills it if it is free, so the failure costs the client none of its budget.
      this.nextSlots.delete(window.id);
      throw error;
    }
  }

  private sweepWhenDue(now: Date): void {
    const at = now.getTime();
    if (this.nextSweepAt !== undefined && at < this.nextSweepAt) return;
    const firstHit = this.nextSweepAt === undefined;
    this.nextSweepAt = at + SWEEP_INTERVAL_MS;
    if (firstHit) return;
    for (const [id, next] of this.nextSlots) {
      if (next.endsAt <= now) this.nextSlots.delete(id);
    }
    this.slots.removeExpired(new Date(now.getTime() - EXPIRED_SLOT_GRACE_MS)).catch(() => {
      // Expired slots are never counted again; a failed removal is retried by the next sweep.
    });
  }
}
