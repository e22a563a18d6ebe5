import { characterCount, hasInvisibleOrControlCharacters } from './characters.js';
import { InvalidWaitlistValueError } from './waitlist.errors.js';

/** The longest address SMTP can deliver to (RFC 5321 path limit), in characters. */
export const EMAIL_MAX_LENGTH = 254;
/** Deliberately basic: something, one @, a domain with a dot; no whitespace. */
const BASIC_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Characters that NFKC turns into an @ or into (or onto) a space: "a＠b@x.in" would become an
 * address with two @, so they are refused like the @ and whitespace they become. Computed over
 * every code point (see the vectors' tests): the fullwidth and small @, and spacing accents.
 */
export const NFKC_UNSAFE_IN_ADDRESS = String.raw`\u00a8\u00af\u00b4\u00b8\u02d8-\u02dd\u037a\u0384\u0385\u1fbd\u1fbf-\u1fc1\u1fcd-\u1fcf\u1fdd-\u1fdf\u1fed\u1fee\u1ffd\u1ffe\u2017\u203e\u309b\u309c\ufc5e-\ufc63\ufdfa\ufdfb\ufe49-\ufe4c\ufe6b\ufe70\ufe72\ufe74\ufe76\ufe78\ufe7a\ufe7c\ufe7e\uff20\uffe3`;
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
      NFKC_UNSAFE.test(address)
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
