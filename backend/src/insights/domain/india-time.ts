/**
 * Periods in India time (#40). India keeps one offset all year (UTC+05:30, no daylight saving),
 * so a day, month or financial year in India is a fixed UTC interval. A period is half-open,
 * [from, to): a payment at 23:30 IST on 31 March (18:00 UTC) belongs to the financial year that
 * ends that day, one at 00:00 IST on 1 April to the next.
 */
export const IST_OFFSET_MS = 330 * 60_000;
export const DAY_MS = 86_400_000;

export interface Period {
  /** Inclusive. */
  readonly from: Date;
  /** Exclusive. */
  readonly to: Date;
}

export const PERIOD_PRESETS = [
  'this_month',
  'last_3_months',
  'this_financial_year',
  'custom',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface IndiaDate {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  readonly day: number;
}

/** The instant an India calendar day starts (months and days may overflow, as Date.UTC's do). */
export function indiaDayStart(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - IST_OFFSET_MS);
}

export function indiaDateOf(at: Date | number): IndiaDate {
  const shifted = new Date(new Date(at).getTime() + IST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** `YYYY-MM-DD` of the India day `at` falls on. */
export function indiaDayKey(at: Date | number): string {
  const { year, month, day } = indiaDateOf(at);
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The year a financial year (April–March) starts in: FY 2025-26 is 2025. */
export function financialYearOf(at: Date | number): number {
  const { year, month } = indiaDateOf(at);
  return month >= 4 ? year : year - 1;
}

export function financialYear(startYear: number): Period {
  return { from: indiaDayStart(startYear, 4, 1), to: indiaDayStart(startYear + 1, 4, 1) };
}

/** The calendar months [first month, first month + count) in India time. */
function months(year: number, month: number, count: number): Period {
  return { from: indiaDayStart(year, month, 1), to: indiaDayStart(year, month + count, 1) };
}

/**
 * A preset's period around `now`: this month; last 3 months (this month and the two before it);
 * this financial year. Each runs to its natural end, so its figures grow until then.
 */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now: Date): Period {
  const { year, month } = indiaDateOf(now);
  if (preset === 'this_month') return months(year, month, 1);
  if (preset === 'last_3_months') return months(year, month - 2, 3);
  return financialYear(financialYearOf(now));
}

/**
 * The period just before `period`: the previous month, the three months before, the previous
 * financial year (as calendar periods: a month's previous is the whole month before, whatever
 * its length); a custom range's is the same number of days ending where it starts.
 */
export function previousPeriod(period: Period, preset: PeriodPreset): Period {
  const { year, month } = indiaDateOf(period.from);
  if (preset === 'this_month') return months(year, month - 1, 1);
  if (preset === 'last_3_months') return months(year, month - 3, 3);
  if (preset === 'this_financial_year') return financialYear(financialYearOf(period.from) - 1);
  const length = period.to.getTime() - period.from.getTime();
  return { from: new Date(period.from.getTime() - length), to: period.from };
}

/** A custom range refused, with the field it concerns and the message for it. */
export class InvalidRangeError extends Error {
  constructor(
    readonly field: 'from' | 'to',
    message: string,
  ) {
    super(message);
  }
}

export const MAX_RANGE_YEARS = 5;
const DAY_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(field: 'from' | 'to', text: string): IndiaDate {
  const match = DAY_FORMAT.exec(text);
  const [year, month, day] = (match?.slice(1) ?? []).map(Number) as [number, number, number];
  const check = match ? new Date(Date.UTC(year, month - 1, day)) : null;
  if (
    !check ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  )
    throw new InvalidRangeError(field, `${field} must be a calendar date written YYYY-MM-DD`);
  return { year, month, day };
}

/**
 * A custom range of India days, both inclusive (`from` 2025-04-01, `to` 2025-04-30: all of
 * April): not ending before it starts, at most 5 years long, not reaching past today.
 */
export function customPeriod(from: string, to: string, now: Date): Period {
  const first = parseDay('from', from);
  const last = parseDay('to', to);
  const start = indiaDayStart(first.year, first.month, first.day);
  const end = indiaDayStart(last.year, last.month, last.day + 1);
  const tomorrow = indiaDayStart(
    indiaDateOf(now).year,
    indiaDateOf(now).month,
    indiaDateOf(now).day + 1,
  );
  if (start >= tomorrow) throw new InvalidRangeError('from', 'from must not be in the future');
  if (end > tomorrow) throw new InvalidRangeError('to', 'to must not be in the future');
  if (end <= start) throw new InvalidRangeError('to', 'to must not be before from');
  if (end > indiaDayStart(first.year + MAX_RANGE_YEARS, first.month, first.day))
    throw new InvalidRangeError('to', `the range must be at most ${String(MAX_RANGE_YEARS)} years`);
  return { from: start, to: end };
}

export function within(at: number | null, period: Period): at is number {
  return at !== null && at >= period.from.getTime() && at < period.to.getTime();
}
