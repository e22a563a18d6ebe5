import { describedError } from '../../common/domain/domain.error.js';
import type { RetryLater } from '../../common/domain/retry-later.js';

/** An admin's nudge is a short, personal note (#39 item 8). */
export const NUDGE_MAX_LENGTH = 280;

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The India day a moment falls in ("2026-11-27"): a deal gets at most one nudge a day. */
export function nudgeDayOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole seconds until the next India midnight (when the deal may be nudged again). */
export function secondsToNextIstDay(at: Date): number {
  const ist = at.getTime() + IST_OFFSET_MS;
  return Math.max(1, Math.ceil((DAY_MS - (ist % DAY_MS)) / 1000));
}

/** The deal was nudged today (India time) already: 429, Retry-After until tomorrow. */
export class NudgedTodayError
  extends describedError(
    'DEAL_NUDGED_TODAY',
    'This brand was nudged about this deal today already. Try again tomorrow.',
  )
  implements RetryLater
{
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** Only an accepted deal's money waits on the brand: nothing to nudge about otherwise. */
export class DealNotWaitingError extends describedError(
  'DEAL_NOT_WAITING',
  'Nothing waits on the brand in this deal: it is not an accepted deal.',
) {}
