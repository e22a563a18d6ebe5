import type { DirectorySearch } from '../../../waitlist/waitlist.contract.js';
import { normalizeEmailAddress } from '../../../common/domain/email-address.js';

/** Searches are short: a name, an address, a number or a handle. */
export const SEARCH_MAX_LENGTH = 100;

const INSTAGRAM_HANDLE = /^[A-Za-z0-9._]+$/;

/**
 * Digits of an Indian phone number as the form stores them (ten digits, no country code): spaces,
 * dashes, brackets and dots dropped, a leading +91, 91 (before ten more digits) or 0 removed.
 * Null when the text is not made of digits and separators, or has fewer than 3 digits.
 */
function phoneDigitsOf(text: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (text.trim().startsWith('+91') || (digits.length === 12 && digits.startsWith('91'))) {
    digits = digits.slice(2);
  } else if (digits.length === 11 && digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  return digits.length >= 3 ? digits : null;
}

/**
 * What an admin typed, normalised the way the waitlist form normalises what it stores: names
 * trimmed (whitespace collapsed here, so double spaces still match), e-mails lower-cased, phone
 * numbers as ten digits, handles without the leading @. The result is text to look for, never a
 * pattern: the adapter escapes it.
 */
export function normaliseSearch(input: string): DirectorySearch | null {
  const text = input.normalize('NFKC').trim().replace(/\s+/g, ' ');
  if (text === '') return null;
  const handle = text.replace(/^@/, '');
  return {
    text,
    // A whole address is spelt as the one e-mail parser stores it (an ASCII domain); a part of
    // one is looked for as typed, lower-cased.
    email: normalizeEmailAddress(text) ?? text.toLowerCase(),
    phoneDigits: phoneDigitsOf(text),
    handle: INSTAGRAM_HANDLE.test(handle) ? handle : null,
  };
}
