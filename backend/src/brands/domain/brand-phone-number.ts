import { IndianMobileNumber, InvalidWaitlistValueError } from '../../waitlist/waitlist.contract.js';
import { DomainError } from '../../common/domain/domain.error.js';

/** The mobile number a brand typed broke the rule; the message is the text shown under the field. */
export class InvalidBrandPhoneError extends DomainError {
  readonly code = 'INVALID_PHONE_NUMBER';
}

export const PHONE_REQUIRED_MESSAGE = 'Mobile number is required';
export const NOT_INDIAN_MESSAGE = 'Only Indian mobile numbers (+91) can be used';
/** The longest input looked at: "+91 98765 43210" with generous spacing fits many times over. */
export const PHONE_INPUT_MAX_LENGTH = 40;

const OTHER_COUNTRY_CODE = /^(\+|00)(?!91)/;

/**
 * A brand's mobile number, by the waitlist's own rule (ten ASCII digits starting with 6–9, once
 * all whitespace is removed: IndianMobileNumber), after one leading "+91" or "0" is removed.
 * Another country's prefix is named as such; any other character — a dash, a letter, a
 * Devanagari or other non-ASCII digit — leaves something that is not ten ASCII digits.
 */
export function parseBrandPhoneNumber(input: string): IndianMobileNumber {
  const compact = input.replace(/\s+/g, '');
  if (compact === '') throw new InvalidBrandPhoneError(PHONE_REQUIRED_MESSAGE);
  if (input.length > PHONE_INPUT_MAX_LENGTH || OTHER_COUNTRY_CODE.test(compact)) {
    throw new InvalidBrandPhoneError(
      input.length > PHONE_INPUT_MAX_LENGTH
        ? 'Please enter a valid 10-digit phone number'
        : NOT_INDIAN_MESSAGE,
    );
  }
  const national = compact.startsWith('+91')
    ? compact.slice(3)
    : compact.startsWith('0')
      ? compact.slice(1)
      : compact;
  try {
    return IndianMobileNumber.parse(national);
  } catch (error) {
    if (error instanceof InvalidWaitlistValueError) throw new InvalidBrandPhoneError(error.message);
    throw error;
  }
}

/** What the person sees of the number a code went to: "+91 98XXXXXX10". */
export function maskPhone(number: IndianMobileNumber): string {
  const digits = number.national;
  return `+91 ${digits.slice(0, 2)}${'X'.repeat(6)}${digits.slice(8)}`;
}
