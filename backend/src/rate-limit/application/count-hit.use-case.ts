import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  allowedHit,
  blockedHit,
  currentWindow,
  type RateLimitDecision,
  type RateLimitWindow,
  type SlotBlock,
  slotBlock,
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

/** What an instance knows of one window: the numbers it holds and the next block to try. */
interface WindowState {
  readonly endsAt: Date;
  /** The next block to claim (slotBlock's index). */
  nextBlock: number;
  /** Numbers of the claimed block not yet handed out: `next` up to `last`. */
  next: number;
  last: number;
  /** The claim under way, which the window's other hits wait for rather than claim past it. */
  claiming: Promise<void> | undefined;
}

/**
 * Counts a client's hit in its current window, shared by every instance through HitSlots. Hit
 * numbers are claimed in blocks (domain/rate-limit-window.ts): a hit takes the next number of the
 * block its instance holds, and only when the block is used up does the instance claim the next
 * one, moving past blocks other instances got first. Over the limit nothing is claimed, so a
 * blocked client's further requests cost the store nothing until the window ends.
 *
 * Limits under 128 have blocks of one number: one claim per allowed hit, exact across instances.
 * Higher limits cost a few dozen claims per window and client whatever the traffic (ADR 0018).
 */
@Injectable()
export class CountHit {
  private readonly windows = new Map<string, WindowState>();
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
      const state = this.stateOf(window);
      if (state.next <= state.last) return allowedHit(window, state.next++, now);
      if (state.claiming) {
        await state.claiming;
        continue;
      }
      const block = slotBlock(state.nextBlock, limit);
      if (!block) return blockedHit(window, limit, now);
      state.nextBlock += 1;
      state.claiming = this.claim(window, state, block);
      await state.claiming;
    }
  }

  private stateOf(window: RateLimitWindow): WindowState {
    let state = this.windows.get(window.id);
    if (!state) {
      state = { endsAt: window.endsAt, nextBlock: 0, next: 1, last: 0, claiming: undefined };
      this.windows.set(window.id, state);
    }
    return state;
  }

  private async claim(window: RateLimitWindow, state: WindowState, block: SlotBlock) {
    try {
      if (await this.slots.claim(slotOf(window, block.first), window.endsAt)) {
        state.next = block.first;
        state.last = block.last;
      }
    } catch (error) {
      // Whether this block is taken is unknown now; counting again from the first block finds
      // out, and claims it if it is free, so the failure costs the client none of its budget.
      this.windows.delete(window.id);
      throw error;
    } finally {
      state.claiming = undefined;
    }
  }

  private sweepWhenDue(now: Date): void {
    const at = now.getTime();
    if (this.nextSweepAt !== undefined && at < this.nextSweepAt) return;
    const firstHit = this.nextSweepAt === undefined;
    this.nextSweepAt = at + SWEEP_INTERVAL_MS;
    if (firstHit) return;
    for (const [id, state] of this.windows) {
      if (state.endsAt <= now) this.windows.delete(id);
    }
    this.slots.removeExpired(new Date(now.getTime() - EXPIRED_SLOT_GRACE_MS)).catch(() => {
      // Expired slots are never counted again; a failed removal is retried by the next sweep.
    });
  }
}
