import { InvalidWaitlistValueError } from './waitlist.errors.js';

/** The longest address SMTP can deliver to (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Deliberately basic: something, one @, a domain with a dot; no whitespace. */
const BASIC_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address, trimmed and lower-cased so that one mailbox has one spelling. */
export class EmailAddress {
  private constructor(readonly value: string) {}

  static parse(input: string): EmailAddress {
    const value = input.trim().toLowerCase();
    if (value === '') throw new InvalidWaitlistValueError('Email is required');
    if (value.length > EMAIL_MAX_LENGTH || !BASIC_ADDRESS.test(value)) {
      throw new InvalidWaitlistValueError('Please enter a valid email address');
    }
    return new EmailAddress(value);
  }
}
