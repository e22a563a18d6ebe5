const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

const label = (startYear: number) =>
  `${String(startYear)}-${String((startYear + 1) % 100).padStart(2, '0')}`;

/** The current financial year (April–March, India time) and the `count − 1` before it, newest first. */
export function financialYears(now: Date = new Date(), count = 6): string[] {
  const today = new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  const [year = 0, month = 1] = today.split('-').map(Number);
  const current = month >= 4 ? year : year - 1;
  return Array.from({ length: count }, (_, index) => label(current - index));
}

/** "April 2026" for "2026-04". */
export function monthName(month: string): string {
  const [year = '', number = '1'] = month.split('-');
  const name = new Date(Date.UTC(2000, Number(number) - 1, 1)).toLocaleString('en-IN', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${year}`;
}
