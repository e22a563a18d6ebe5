/**
 * Fixed rate-limit windows. A client's hits are counted per window of `lengthMs`; the window's
 * phase is derived from the client's key, so windows of different clients end at different
 * moments (no second at which every blocked client is let in at once) while every instance
 * computes the same window for the same key and instant.
 *
 * Hits within a window are numbered 1, 2, 3, …: the n-th hit claims slot n of its window. A
 * slot can be claimed once, so however many instances count, slot n has exactly one owner, and
 * a hit is allowed when its slot number is within the limit.
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

/** The unique name of the n-th hit's slot in a window. */
export function slotOf(window: RateLimitWindow, hitNumber: number): string {
  return `${window.id}:${hitNumber}`;
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
