/**
 * The ranges a report is asked for, checked once here so every report refuses the same way: each
 * refusal names its field (the API answers 400 with these messages). Plain TypeScript.
 */
import {
  type FinancialYear,
  financialYearOf,
  indianDayOf,
  indianDayStart,
  nextDay,
  parseFinancialYear,
} from './financial-year.js';

/** The longest range a ledger extract covers. */
export const MAX_RANGE_YEARS = 5;

/** Whole Indian calendar days, both ends included. */
export interface DayRange {
  readonly from: string;
  readonly to: string;
  /** `from` 00:00 IST (inclusive). */
  readonly start: Date;
  /** The day after `to`, 00:00 IST (exclusive). */
  readonly end: Date;
}

export type RangeCheck<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: Readonly<Record<string, string>> };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/** The day five years after `day`, on the same date (29 February falls back to 28). */
function yearsAfter(day: string, years: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const shifted = new Date(Date.UTC(year + years, month - 1, date));
  if (shifted.getUTCDate() !== date) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

/**
 * A ledger extract's range: both days YYYY-MM-DD, `to` not before `from`, neither after today in
 * India, and at most five years (to < from + 5 years).
 */
export function checkDayRange(from: string, to: string, now: Date): RangeCheck<DayRange> {
  const errors: Record<string, string> = {};
  const today = indianDayOf(now);
  if (!isCalendarDay(from)) errors.from = 'from must be a date like 2026-11-23';
  else if (from > today) errors.from = 'from must not be in the future';
  if (!isCalendarDay(to)) errors.to = 'to must be a date like 2026-11-23';
  else if (to > today) errors.to = 'to must not be in the future';
  else if (errors.from === undefined && to < from) errors.to = 'to must not be before from';
  else if (errors.from === undefined && to >= yearsAfter(from, MAX_RANGE_YEARS))
    errors.to = `the range must not be longer than ${String(MAX_RANGE_YEARS)} years`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { from, to, start: indianDayStart(from), end: indianDayStart(nextDay(to)) },
  };
}

/** A statement's year: "2026-27" (the current one when not given), not one that has not begun. */
export function checkFinancialYear(
  label: string | undefined,
  now: Date,
): RangeCheck<FinancialYear> {
  if (label === undefined) return { ok: true, value: financialYearOf(now) };
  const year = parseFinancialYear(label);
  if (!year)
    return {
      ok: false,
      errors: { financialYear: 'financialYear must be a financial year written 2026-27' },
    };
  if (year.start.getTime() > now.getTime())
    return { ok: false, errors: { financialYear: 'financialYear must not be in the future' } };
  return { ok: true, value: year };
}
