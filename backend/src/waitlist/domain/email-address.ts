import { characterCount, hasInvisibleOrControlCharacters } from './characters.js';
import { InvalidWaitlistValueError } from './waitlist.errors.js';

/** The longest address SMTP can deliver to (RFC 5321 path limit), in characters. */
export const EMAIL_MAX_LENGTH = 254;
/**
 * Deliberately basic: something, one @, a domain with a dot; no whitespace, nor the characters
 * that would need quoting in a mail header (`<>()",;:\`): an address is put in a To: header as is.
 */
const BASIC_ADDRESS = /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/;
/** What an address may not contain besides whitespace and @, as regex class content. */
export const ADDRESS_SPECIALS = String.raw`<>()",;:\\`;

/**
 * Characters that NFKC turns into an @, a space or one of the specials ("a＠b@x.in" would become
 * an address with two @), refused like what they become, so that every check can read what was
 * typed. Computed over every code point (see unicode.spec.ts): fullwidth and small forms,
 * parenthesised letters and numbers, spacing accents. These are the ones below U+10000, which
 * the contract's patterns name; NFKC_UNSAFE_BEYOND_BMP are the rest.
 */
export const NFKC_UNSAFE_IN_ADDRESS = String.raw`\u00a8\u00af\u00b4\u00b8\u02d8-\u02dd\u037a\u037e\u0384\u0385\u1fbd\u1fbf-\u1fc1\u1fcd-\u1fcf\u1fdd-\u1fdf\u1fed\u1fee\u1ffd\u1ffe\u2017\u203e\u207d\u207e\u208d\u208e\u2474-\u2487\u249c-\u24b5\u2a74\u309b\u309c\u3200-\u321e\u3220-\u3243\ufc5e-\ufc63\ufdfa\ufdfb\ufe10\ufe13\ufe14\ufe35\ufe36\ufe49-\ufe4c\ufe50\ufe54\ufe55\ufe59\ufe5a\ufe64\ufe65\ufe68\ufe6b\ufe70\ufe72\ufe74\ufe76\ufe78\ufe7a\ufe7c\ufe7e\uff02\uff08\uff09\uff0c\uff1a-\uff1c\uff1e\uff20\uff3c\uffe3`;
const NFKC_UNSAFE_BEYOND_BMP = /[\u{1f101}-\u{1f10a}\u{1f110}-\u{1f129}]/u;
const NFKC_UNSAFE = new RegExp(`[${NFKC_UNSAFE_IN_ADDRESS}]`);

/**
 * An e-mail address, trimmed, NFKC-normalised and lower-cased, so that one mailbox has one
 * spelling: "ａｓｈａ@example.com" (fullwidth) and "asha@example.com" are one address, and an
 * address with an invisible character is refused rather than stored beside its lookalike.
 */
export class EmailAddress {
  private constructor(readonly value: string) {}

  static parse(input: string): EmailAddress {
    const address = input.trim();
    if (address === '') throw new InvalidWaitlistValueError('Email is required');
    // Every check reads what was typed (lengths before NFKC and lower-casing, which lengthen a
    // few letters), so the contract's patterns describe exactly what is accepted.
    if (
      characterCount(address) > EMAIL_MAX_LENGTH ||
      !BASIC_ADDRESS.test(address) ||
      hasInvisibleOrControlCharacters(address) ||
      NFKC_UNSAFE.test(address) ||
      NFKC_UNSAFE_BEYOND_BMP.test(address)
    ) {
      throw new InvalidWaitlistValueError('Please enter a valid email address');
    }
    return new EmailAddress(address.normalize('NFKC').toLowerCase());
  }

  /** Restores a stored (already normalised) address. */
  static fromStored(value: string): EmailAddress {
    return new EmailAddress(value);
  }

  /**
   * Enough to recognise one's own address, too little to learn someone else's:
   * "asha.rao@example.com" → "a•••o@example.com", "ab@x.in" → "a•@x.in".
   */
  get masked(): string {
    const at = this.value.lastIndexOf('@');
    const local = Array.from(this.value.slice(0, at));
    const domain = this.value.slice(at);
    if (local.length <= 2) return `${local[0] ?? ''}•${domain}`;
    return `${local[0] ?? ''}•••${local.at(-1) ?? ''}${domain}`;
  }
}
