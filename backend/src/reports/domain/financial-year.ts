/**
 * India's financial year (1 April – 31 March) and calendar in India's time (IST, UTC+05:30, no
 * daylight saving): a payment at 23:30 IST on 31 March belongs to the year that ends that day,
 * though it is already 18:00 UTC. Plain TypeScript.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface FinancialYear {
  /** "2026-27". */
  readonly label: string;
  readonly startYear: number;
  /** 1 April 00:00 IST (inclusive). */
  readonly start: Date;
  /** The next 1 April 00:00 IST (exclusive). */
  readonly end: Date;
}

/** The instant an Indian calendar day (YYYY-MM-DD, already checked) starts. */
export function indianDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - IST_OFFSET_MS);
}

/** The Indian calendar day (YYYY-MM-DD) of an instant. */
export function indianDayOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Indian calendar month (YYYY-MM) of an instant. */
export function indianMonthOf(at: Date): string {
  return indianDayOf(at).slice(0, 7);
}

/** The day after `day` (both YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
}

export function financialYearStarting(startYear: number): FinancialYear {
  return {
    label: `${String(startYear)}-${String((startYear + 1) % 100).padStart(2, '0')}`,
    startYear,
    start: indianDayStart(`${String(startYear)}-04-01`),
    end: indianDayStart(`${String(startYear + 1)}-04-01`),
  };
}

/** The financial year an instant falls in, read in India's time. */
export function financialYearOf(at: Date): FinancialYear {
  const [year = 0, month = 0] = indianMonthOf(at).split('-').map(Number);
  return financialYearStarting(month >= 4 ? year : year - 1);
}

const LABEL = /^(\d{4})-(\d{2})$/;

/** "2026-27" as a year, or undefined when it is not one (the second part must follow the first). */
export function parseFinancialYear(label: string): FinancialYear | undefined {
  const match = LABEL.exec(label);
  if (!match) return undefined;
  const startYear = Number(match[1]);
  if (startYear < 2000 || (startYear + 1) % 100 !== Number(match[2])) return undefined;
  return financialYearStarting(startYear);
}

/** The twelve months (YYYY-MM) of a financial year, April first. */
export function monthsOf(year: FinancialYear): string[] {
  return Array.from({ length: 12 }, (_, index) => {
    const month = ((index + 3) % 12) + 1;
    const calendarYear = year.startYear + (index >= 9 ? 1 : 0);
    return `${String(calendarYear)}-${String(month).padStart(2, '0')}`;
  });
}

/** Whether `at` is inside the year (start inclusive, end exclusive). */
export function isInFinancialYear(at: Date, year: FinancialYear): boolean {
  return at.getTime() >= year.start.getTime() && at.getTime() < year.end.getTime();
}

/** "2026-04-01 14:05": an instant in India's time, to the minute. */
export function indianDateTimeOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
