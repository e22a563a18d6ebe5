/**
 * A GSTIN (Goods and Services Tax Identification Number): 15 characters — a 2-digit state code,
 * the holder's PAN (5 letters, 4 digits, 1 letter), an entity number, the letter Z by default,
 * and a check character computed over the first 14 (base-36 weighted sum, as the GST Network
 * publishes it).
 */
const GSTIN_SHAPE = /^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The contract's pattern for a GSTIN (shape only; the server also checks the check character). */
export const GSTIN_PATTERN = '^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$';

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = ALPHABET.indexOf(first14.charAt(index));
    if (value < 0) throw new TypeError('GSTIN characters are 0-9 and A-Z');
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET.charAt((36 - (sum % 36)) % 36);
}

/** Whether `value` (upper case, no spaces) is a well-formed GSTIN with the right check character. */
export function isValidGstin(value: string): boolean {
  if (!GSTIN_SHAPE.test(value)) return false;
  const state = Number(value.slice(0, 2));
  if (state < 1 || state > 38) return false;
  return gstinCheckCharacter(value.slice(0, 14)) === value.charAt(14);
}
