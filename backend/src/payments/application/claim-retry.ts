import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a move on a deal keeps trying after losing its claim to another change of the same
 * deal (another milestone's move, a cancellation): parallel approvals of one deal's milestones
 * each lose to the others in turn, so a fixed number of attempts refuses moves the deal still
 * allows. Each retry waits a random time up to a doubling cap ("full jitter"), so the losers do
 * not collide again in step; past the deadline the caller answers 409 DEAL_CHANGED_CONCURRENTLY.
 */
export class ClaimRetryTiming {
  constructor(
    /** Keep retrying this long (monotonic time) from the first attempt. */
    readonly deadlineMs = 30_000,
    /** The cap of the first wait; it doubles with each lost claim… */
    readonly firstDelayMs = 5,
    /** …up to this. */
    readonly maxDelayMs = 1_000,
  ) {}
}

/** A random wait before retry number `retry` (0 first): full jitter under a doubling cap. */
export function jitteredDelayMs(
  retry: number,
  timing: ClaimRetryTiming,
  random: () => number = Math.random,
): number {
  const cap = Math.min(timing.maxDelayMs, timing.firstDelayMs * 2 ** Math.min(retry, 30));
  return Math.floor(random() * cap);
}

/**
 * Runs `attempt` until it gives a result (not undefined), waiting a jittered backoff after each
 * lost claim; undefined once the deadline passed without one.
 */
export async function retryLostClaims<T>(
  timing: ClaimRetryTiming,
  attempt: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const startedAt = performance.now();
  for (let retry = 0; ; retry += 1) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (performance.now() - startedAt >= timing.deadlineMs) return undefined;
    await sleep(jitteredDelayMs(retry, timing));
  }
}
