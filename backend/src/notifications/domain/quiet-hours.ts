/**
 * Quiet hours (#39): no reminder between 21:00 and 09:00 India time (IST, UTC+05:30, no daylight
 * saving); one due then waits for 09:00. Plain arithmetic on UTC instants.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface QuietHours {
  /** IST hour (0–23) quiet hours begin at, inclusive. */
  readonly startHour: number;
  /** IST hour (0–23) they end at: the first sendable moment. */
  readonly endHour: number;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { startHour: 21, endHour: 9 };

/** Milliseconds since the IST midnight of `at`'s IST day. */
function istTimeOfDayMs(at: Date): number {
  const shifted = at.getTime() + IST_OFFSET_MS;
  return ((shifted % DAY_MS) + DAY_MS) % DAY_MS;
}

export function isQuiet(at: Date, quiet: QuietHours = DEFAULT_QUIET_HOURS): boolean {
  const hour = istTimeOfDayMs(at) / HOUR_MS;
  return quiet.startHour > quiet.endHour
    ? hour >= quiet.startHour || hour < quiet.endHour
    : hour >= quiet.startHour && hour < quiet.endHour;
}

/**
 * When a notice's SMS may go: from the first moment outside quiet hours, for a day; after that it
 * is stale (the other channels carry it) and is not sent at all.
 */
export function noticeSmsWindow(now: Date): { notBefore: Date; expiresAt: Date } {
  const notBefore = firstSendableAt(now);
  return { notBefore, expiresAt: new Date(notBefore.getTime() + DAY_MS) };
}

/** `at` itself when it is not in quiet hours; else the next moment they end (09:00 IST). */
export function firstSendableAt(at: Date, quiet: QuietHours = DEFAULT_QUIET_HOURS): Date {
  if (!isQuiet(at, quiet)) return at;
  const sinceMidnight = istTimeOfDayMs(at);
  const istMidnight = at.getTime() - sinceMidnight;
  const endToday = istMidnight + quiet.endHour * HOUR_MS;
  return new Date(endToday > at.getTime() ? endToday : endToday + DAY_MS);
}

/** The UTC instant of `hour`:00 IST on the calendar day `day` (YYYY-MM-DD). */
export function istHourOn(day: string, hour: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS + hour * HOUR_MS);
}

/** A date as India reads it: "5 Dec, 14:30 IST". */
export function istDateTime(at: Date): string {
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  const month = shifted.toLocaleString('en-IN', { month: 'short', timeZone: 'UTC' });
  const hh = String(shifted.getUTCHours()).padStart(2, '0');
  const mm = String(shifted.getUTCMinutes()).padStart(2, '0');
  return `${String(shifted.getUTCDate())} ${month}, ${hh}:${mm} IST`;
}
