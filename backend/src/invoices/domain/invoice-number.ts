/**
 * Invoice serial numbers: one series per creator per Indian financial year (1 April – 31 March),
 * consecutive, never reused (CGST Rules, rule 46(b)). The year is read in India's time (IST,
 * UTC+05:30, no daylight saving): an invoice issued at 23:00 UTC on 31 March is already in April.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** "2026-27" for any instant from 1 April 2026 00:00 IST to 31 March 2027 23:59:59.999 IST. */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${String(start)}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The calendar day in India (YYYY-MM-DD) of an instant: the invoice's date. */
export function indianDateOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export const INVOICE_PREFIX = 'PL';
/** At most 16 characters (rule 46(b)): "PL/2026-27/0001" is 15; serials past 9999 grow a digit. */
export function invoiceNumber(financialYear: string, serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 1) throw new TypeError('serials start at 1');
  return `${INVOICE_PREFIX}/${financialYear}/${String(serial).padStart(4, '0')}`;
}
