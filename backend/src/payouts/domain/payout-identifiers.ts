/**
 * The identifiers a payout profile checks before anything is sent to the gateway: the PAN, the
 * bank account number, the IFSC's shape, the UPI ID and the mobile number. Pure functions: each
 * returns the normalised value or a message for the field.
 */

export const LEGAL_NAME_MIN_LENGTH = 2;
export const LEGAL_NAME_MAX_LENGTH = 120;
export const ACCOUNT_NUMBER_MIN_DIGITS = 9;
export const ACCOUNT_NUMBER_MAX_DIGITS = 18;
export const UPI_ID_MAX_LENGTH = 100;

export type Checked<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = <T>(message: string): Checked<T> => ({ ok: false, message });

/**
 * The 4th character of a PAN says who holds it (Income Tax Department): P person, C company,
 * H Hindu undivided family, F firm, A association of persons, T trust, B body of individuals,
 * L local authority, J artificial juridical person, G government.
 */
export const PAN_HOLDER_TYPES = {
  P: 'Individual',
  C: 'Company',
  H: 'Hindu undivided family',
  F: 'Firm or LLP',
  A: 'Association of persons',
  T: 'Trust',
  B: 'Body of individuals',
  L: 'Local authority',
  J: 'Artificial juridical person',
  G: 'Government',
} as const;

export type PanHolderType = keyof typeof PAN_HOLDER_TYPES;

export const PAN_PATTERN = '^[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z]$';
const PAN_SHAPE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const PAN_RULE = new RegExp(PAN_PATTERN);

/** A PAN: 5 letters, 4 digits, 1 letter (AAAAA9999A), its 4th letter one of the holder types. */
export function checkPan(input: string): Checked<string> {
  const value = input.replace(/\s+/g, '').toUpperCase();
  if (value === '') return fail('PAN is required');
  if (!PAN_SHAPE.test(value))
    return fail('PAN must be 5 letters, 4 digits and a letter (like ABCPE1234F)');
  if (!PAN_RULE.test(value)) {
    return fail("PAN's 4th letter must be one of P, C, H, F, A, T, B, L, J or G");
  }
  return ok(value);
}

export function panHolderType(pan: string): PanHolderType {
  return pan.charAt(3) as PanHolderType;
}

/** 9 to 18 digits (Indian bank account numbers); spaces are ignored. */
export function checkAccountNumber(input: string): Checked<string> {
  const value = input.replace(/\s+/g, '');
  if (value === '') return fail('Account number is required');
  if (!/^[0-9]+$/.test(value)) return fail('Account number can only contain digits');
  if (value.length < ACCOUNT_NUMBER_MIN_DIGITS || value.length > ACCOUNT_NUMBER_MAX_DIGITS) {
    return fail(
      `Account number must be ${ACCOUNT_NUMBER_MIN_DIGITS} to ${ACCOUNT_NUMBER_MAX_DIGITS} digits`,
    );
  }
  if (/^0+$/.test(value)) return fail('Account number cannot be all zeros');
  return ok(value);
}

export const IFSC_PATTERN = '^[A-Z]{4}0[A-Z0-9]{6}$';
const IFSC_SHAPE = new RegExp(IFSC_PATTERN);

/** An IFSC's shape: 4 letters (the bank), a zero, 6 letters or digits (the branch). */
export function checkIfscShape(input: string): Checked<string> {
  const value = input.trim().toUpperCase();
  if (value === '') return fail('IFSC is required');
  if (!IFSC_SHAPE.test(value)) return fail('IFSC must be 11 characters like HDFC0001234');
  return ok(value);
}

/**
 * A UPI ID (virtual payment address): a handle of 2–256 letters, digits, dots, hyphens or
 * underscores, "@", and the provider's 2–64 letters (NPCI's format), lower-cased.
 */
const UPI_SHAPE = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;

export function checkUpiId(input: string): Checked<string> {
  const value = input.trim().toLowerCase();
  if (value === '') return fail('UPI ID is required');
  if (value.length > UPI_ID_MAX_LENGTH)
    return fail(`UPI ID must be at most ${UPI_ID_MAX_LENGTH} characters`);
  if (!UPI_SHAPE.test(value)) return fail('UPI ID must look like name@bank');
  return ok(value);
}

/** The ten digits of an Indian mobile number (a leading +91 or 0 is dropped). */
export function checkMobile(input: string): Checked<string> {
  const digits = input.replace(/[\s-]+/g, '').replace(/^(\+91|0)/, '');
  if (!/^[6-9][0-9]{9}$/.test(digits))
    return fail('Mobile number must be 10 digits starting with 6–9');
  return ok(digits);
}

/** Control (Cc) and format (Cf) characters hide or reorder text where names are shown. */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}]/u;

/** The name on the PAN and the bank account, as the gateway's KYC compares it. */
export function checkLegalName(input: string): Checked<string> {
  const value = input.trim().replace(/\s+/g, ' ');
  const length = Array.from(value).length;
  if (value === '') return fail('Legal name is required');
  if (length < LEGAL_NAME_MIN_LENGTH)
    return fail(`Legal name must be at least ${LEGAL_NAME_MIN_LENGTH} characters`);
  if (length > LEGAL_NAME_MAX_LENGTH)
    return fail(`Legal name must be at most ${LEGAL_NAME_MAX_LENGTH} characters`);
  if (INVISIBLE_OR_CONTROL.test(value))
    return fail('Legal name can only contain visible characters');
  if (!/\p{L}/u.test(value)) return fail('Legal name must contain letters');
  return ok(value);
}

/** "ABCPE1234F" → "•••••1234•": only the four digits stay visible. */
export function maskPan(pan: string): string {
  return `${'•'.repeat(5)}${pan.slice(5, 9)}•`;
}

/**
 * The state code, the PAN inside it masked as maskPan masks a PAN, and the last three characters:
 * "27•••••1234•1Z5" (characters 3–12 of a GSTIN are the holder's PAN, so no more of it shows).
 */
export function maskGstin(gstin: string): string {
  return `${gstin.slice(0, 2)}${maskPan(gstin.slice(2, 12))}${gstin.slice(12)}`;
}

/** Only the last four digits stay visible. */
export function maskAccountNumber(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`;
}

/** The handle's first two characters and the provider: "ra••••@okaxis". */
export function maskUpiId(upiId: string): string {
  const [handle = '', provider = ''] = upiId.split('@');
  return `${handle.slice(0, 2)}••••@${provider}`;
}
