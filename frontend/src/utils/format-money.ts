/**
 * Money in the app is integer paise, as the API sends it. These helpers show it in Indian notation
 * (₹1,25,000.00: lakhs and crores grouped in twos) and read what a person types in rupees back into
 * paise, without floating-point arithmetic on the amount.
 */
const PAISE_PER_RUPEE = 100;
const rupeeGrouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Whole rupees with Indian grouping: 125000 → "1,25,000". */
const groupRupees = (rupees: number): string => rupeeGrouping.format(rupees);

function split(paise: number): { sign: string; rupees: number; rest: number } {
  const whole = Math.abs(Math.trunc(paise));
  return {
    sign: paise < 0 ? '−' : '',
    rupees: Math.floor(whole / PAISE_PER_RUPEE),
    rest: whole % PAISE_PER_RUPEE,
  };
}

/** An amount in paise as "₹1,25,000.00" (always two decimals; negative amounts as "−₹500.00"). */
export function formatMoney(paise: number): string {
  const { sign, rupees, rest } = split(paise);
  return `${sign}₹${groupRupees(rupees)}.${String(rest).padStart(2, '0')}`;
}

/**
 * An amount in paise as a person would type it in a rupee field: "1,25,000", or "1,25,000.50"
 * when there are paise. No ₹ sign (the field shows it beside the input).
 */
export function formatRupeesInput(paise: number): string {
  const { sign, rupees, rest } = split(paise);
  const fraction = rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`;
  return `${sign === '' ? '' : '-'}${groupRupees(rupees)}${fraction}`;
}

const RUPEES_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * What a person typed in rupees ("1,25,000", "125000.5", "₹ 2,500.00") in paise. Commas, spaces
 * and the ₹ sign are ignored wherever they are. `null` for an empty field, `NaN` for anything that
 * is not a plain amount with at most two decimals (letters, a minus, "1e5", three decimals).
 */
export function parseRupees(text: string): number | null {
  const cleaned = text.replace(/[\s,₹]/g, '');
  if (cleaned === '') return null;
  const match = RUPEES_PATTERN.exec(cleaned);
  if (!match) return Number.NaN;
  const rupees = Number(match[1]);
  const paise = Number((match[2] ?? '').padEnd(2, '0'));
  const total = rupees * PAISE_PER_RUPEE + paise;
  return Number.isSafeInteger(total) ? total : Number.NaN;
}

/** The sum of amounts in paise; amounts that are not whole paise (empty or invalid rows) count 0. */
export const sumPaise = (amounts: readonly (number | null | undefined)[]): number =>
  amounts.reduce<number>(
    (total, amount) =>
      typeof amount === 'number' && Number.isSafeInteger(amount) ? total + amount : total,
    0,
  );
