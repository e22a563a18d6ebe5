// The mini build keeps the pages' scripts small; the rules are the same.
import * as z from 'zod/mini';

/** An Indian mobile number: ten digits, the first 6, 7, 8 or 9. */
export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;

export const phoneNumberMessages = {
  required: 'Phone number is required',
  invalid: 'Please enter a valid 10-digit phone number',
} as const;

const withoutSpaces = (value: string) => value.replace(/\s+/g, '');
/** The country code (+91) or the trunk prefix (0) in front of ten digits. */
const DIALLING_PREFIX = /^(?:\+91|0)(?=\d{10}$)/;

const mobileNumberRule = (normalise: (value: string) => string) =>
  z
    .string()
    .check(
      z.overwrite(normalise),
      z.minLength(1, phoneNumberMessages.required),
      z.regex(INDIAN_MOBILE_PATTERN, phoneNumberMessages.invalid),
    );

/**
 * The waitlist's phone number, as the server checks it (backend/test/vectors): spaces removed,
 * then ten digits starting 6–9.
 */
export const phoneNumberSchema = mobileNumberRule(withoutSpaces);

/**
 * The same number as people also write it: spaces and a leading +91 or 0 are accepted and
 * removed ("+91 98765 43210", "098765 43210" → "9876543210").
 */
export const dialledMobileNumberSchema = mobileNumberRule((value) =>
  withoutSpaces(value).replace(DIALLING_PREFIX, ''),
);
