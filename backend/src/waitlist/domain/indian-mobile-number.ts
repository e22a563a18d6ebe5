import { InvalidWaitlistValueError } from './waitlist.errors.js';

const TEN_DIGITS_STARTING_6_TO_9 = /^[6-9]\d{9}$/;
const INDIA_CALLING_CODE = '+91';

/** An Indian mobile number: ten digits starting with 6–9, once all whitespace is removed. */
export class IndianMobileNumber {
  private constructor(readonly national: string) {}

  static parse(input: string): IndianMobileNumber {
    const national = input.replace(/\s+/g, '');
    if (national === '') throw new InvalidWaitlistValueError('Phone number is required');
    if (!TEN_DIGITS_STARTING_6_TO_9.test(national)) {
      throw new InvalidWaitlistValueError('Please enter a valid 10-digit phone number');
    }
    return new IndianMobileNumber(national);
  }

  /** The same number in international (E.164) form, e.g. +919876543210. */
  get e164(): string {
    return `${INDIA_CALLING_CODE}${this.national}`;
  }
}
