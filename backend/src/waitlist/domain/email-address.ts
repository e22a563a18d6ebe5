import { characterCount } from './characters.js';
import { InvalidWaitlistValueError } from './waitlist.errors.js';

/** The longest address SMTP can deliver to (RFC 5321 path limit), in characters. */
export const EMAIL_MAX_LENGTH = 254;
/** Deliberately basic: something, one @, a domain with a dot; no whitespace. */
const BASIC_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address, trimmed and lower-cased so that one mailbox has one spelling. */
export class EmailAddress {
  private constructor(readonly value: string) {}

  static parse(input: string): EmailAddress {
    const address = input.trim();
    if (address === '') throw new InvalidWaitlistValueError('Email is required');
    // Measured before lower-casing, which lengthens a few letters (İ becomes i + a dot above).
    if (characterCount(address) > EMAIL_MAX_LENGTH || !BASIC_ADDRESS.test(address)) {
      throw new InvalidWaitlistValueError('Please enter a valid email address');
    }
    return new EmailAddress(address.toLowerCase());
  }
}
