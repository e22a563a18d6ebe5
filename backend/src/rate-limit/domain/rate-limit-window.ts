/**
 * Fixed rate-limit windows. A client's hits are counted per window of `lengthMs`; the window's
 * phase is derived from the client's key, so windows of different clients end at different
 * moments (no second at which every blocked client is let in at once) while every instance
 * computes the same window for the same key and instant.
 *
 * Hits within a window are numbered 1, 2, 3, …, and the numbers up to the limit are cut into
 * blocks (slotBlock). An instance claims a whole block at once and hands its numbers to its own
 * hits; a block can be claimed once, so however many instances count, every hit number has
 * exactly one owner, and a hit is allowed when its number is within the limit (ADR 0018).
 */
export interface RateLimitWindow {
  /** Identifies the window of this key across instances (key, length and number). */
  readonly id: string;
  readonly endsAt: Date;
}

/** What the n-th hit of a window, or a hit beyond the limit, is told. */
export interface RateLimitDecision {
  /** The hit's number in its window (the limit plus one once over it). */
  readonly totalHits: number;
  readonly isBlocked: boolean;
  /** Whole seconds until the window ends, at least 1. */
  readonly secondsUntilReset: number;
}

/** FNV-1a: a stable, evenly spread 32-bit hash of the key, for the window's phase. */
function hash32(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index++) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function currentWindow(key: string, lengthMs: number, now: Date): RateLimitWindow {
  if (!Number.isSafeInteger(lengthMs) || lengthMs < 1) {
    throw new RangeError(`A window lasts a positive whole number of ms, not ${lengthMs}`);
  }
  const phaseMs = hash32(key) % lengthMs;
  const number = Math.floor((now.getTime() - phaseMs) / lengthMs);
  return {
    id: `${key}:${lengthMs}:${number}`,
    endsAt: new Date((number + 1) * lengthMs + phaseMs),
  };
}

/** The unique name of the slot (block) starting at hit number `first` in a window. */
export function slotOf(window: RateLimitWindow, first: number): string {
  return `${window.id}:${first}`;
}

/** A run of consecutive hit numbers claimed together: `first` up to and including `last`. */
export interface SlotBlock {
  readonly first: number;
  readonly last: number;
}

/**
 * The share of the limit the largest block may hold. It bounds what blocks can cost a client:
 * numbers an instance holds but no longer needs are lost to the client's other instances until
 * the window ends, at most one block's worth per instance (1/64 of the limit).
 */
export const BLOCK_SHARE_OF_LIMIT = 64;

/**
 * The `index`-th block (from 0) of a window whose limit is `limit`, the same on every instance.
 * Blocks double in size (1, 2, 4, …) up to ⌊limit / 64⌋, then stay at that size; the last one
 * ends at the limit. A limit under 128 thus has blocks of one number each, so every hit claims
 * its own slot, as a low limit needs (its budget is exact across instances); a high limit costs
 * a few dozen claims per window however many hits it allows. `undefined` past the limit.
 */
export function slotBlock(index: number, limit: number): SlotBlock | undefined {
  const largest = Math.max(1, Math.floor(limit / BLOCK_SHARE_OF_LIMIT));
  const doublings = Math.ceil(Math.log2(largest)); // blocks 0 … doublings-1 are 1, 2, 4, …
  const first = index < doublings ? 2 ** index : 2 ** doublings + (index - doublings) * largest;
  const size = index < doublings ? 2 ** index : largest;
  if (first > limit) return undefined;
  return { first, last: Math.min(limit, first + size - 1) };
}

function secondsUntil(window: RateLimitWindow, now: Date): number {
  return Math.max(1, Math.ceil((window.endsAt.getTime() - now.getTime()) / 1000));
}

export function allowedHit(
  window: RateLimitWindow,
  hitNumber: number,
  now: Date,
): RateLimitDecision {
  return { totalHits: hitNumber, isBlocked: false, secondsUntilReset: secondsUntil(window, now) };
}

export function blockedHit(window: RateLimitWindow, limit: number, now: Date): RateLimitDecision {
  return { totalHits: limit + 1, isBlocked: true, secondsUntilReset: secondsUntil(window, now) };
}
