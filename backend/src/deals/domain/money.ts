/**
 * Money in the deals domain is integer paise (₹1 = 100 paise), never floats or strings. These
 * helpers write an amount as Indian readers expect it: ₹1,25,000.00 (lakh and crore grouping) and
 * in words ("Rupees One Lakh Twenty-Five Thousand Only").
 */

/** ₹1: the least a milestone may be worth. */
export const MIN_MILESTONE_PAISE = 100;
/** ₹1,00,00,000 (one crore): the most a milestone may be worth. */
export const MAX_MILESTONE_PAISE = 1_00_00_000_00;

export function isWholePaise(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** The sum of amounts in paise; throws on a non-integer (a programming error, never input). */
export function sumPaise(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => {
    if (!isWholePaise(amount)) throw new TypeError('amounts are integer paise');
    return total + amount;
  }, 0);
}

/** Digits grouped the Indian way: 12345678 → "1,23,45,678". */
export function indianGrouping(whole: bigint | number): string {
  const digits = BigInt(whole).toString();
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const groups: string[] = [];
  while (rest.length > 2) {
    groups.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest) groups.unshift(rest);
  return `${groups.join(',')},${last3}`;
}

/** 12500000 paise → "₹1,25,000.00". */
export function formatRupees(paise: number): string {
  if (!isWholePaise(paise)) throw new TypeError('amounts are integer paise');
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  const rupees = Math.floor(absolute / 100);
  const rest = absolute % 100;
  return `${sign}₹${indianGrouping(rupees)}.${String(rest).padStart(2, '0')}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const tens = TENS[Math.floor(n / 10)] ?? '';
  const ones = n % 10;
  return ones === 0 ? tens : `${tens}-${ONES[ones] ?? ''}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds] ?? ''} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** A whole number in Indian words: 12500000 → "One Crore Twenty-Five Lakh". */
export function indianNumberInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError('a whole number expected');
  if (value === 0) return 'Zero';
  const crore = Math.floor(value / 1_00_00_000);
  const lakh = Math.floor((value % 1_00_00_000) / 1_00_000);
  const thousand = Math.floor((value % 1_00_000) / 1000);
  const rest = value % 1000;
  const parts: string[] = [];
  if (crore > 0) parts.push(`${indianNumberInWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** 12500050 paise → "Rupees One Lakh Twenty-Five Thousand and Fifty Paise Only". */
export function rupeesInWords(paise: number): string {
  if (!isWholePaise(paise) || paise < 0) throw new TypeError('a non-negative amount expected');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = `Rupees ${indianNumberInWords(rupees)}`;
  return rest > 0 ? `${rupeeWords} and ${belowHundred(rest)} Paise Only` : `${rupeeWords} Only`;
}
