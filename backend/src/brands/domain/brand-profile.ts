import { DomainError } from '../../common/domain/domain.error.js';

export const COMPANY_NAME_MAX_LENGTH = 120;
export const CONTACT_NAME_MIN_LENGTH = 2;
export const CONTACT_NAME_MAX_LENGTH = 100;

export type BrandProfileField = 'companyName' | 'contactName';

/** One field of the company profile broke its rule; the message is the text under the field. */
export class InvalidBrandProfileError extends DomainError {
  readonly code = 'INVALID_BRAND_PROFILE';

  constructor(
    readonly field: BrandProfileField,
    message: string,
  ) {
    super(message);
  }
}

/** Control (Cc) and format (Cf) characters hide or reorder text where names are shown. */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}]/u;

function characterCount(text: string): number {
  return Array.from(text).length;
}

function checked(
  field: BrandProfileField,
  label: string,
  input: string,
  min: number,
  max: number,
): string {
  const value = input.trim();
  if (value === '') throw new InvalidBrandProfileError(field, `${label} is required`);
  const length = characterCount(value);
  if (length < min) {
    throw new InvalidBrandProfileError(field, `${label} must be at least ${min} characters`);
  }
  if (length > max) {
    throw new InvalidBrandProfileError(field, `${label} must be at most ${max} characters`);
  }
  if (INVISIBLE_OR_CONTROL.test(value)) {
    throw new InvalidBrandProfileError(field, `${label} can only contain visible characters`);
  }
  return value;
}

export function parseCompanyName(input: string): string {
  return checked('companyName', 'Company name', input, 1, COMPANY_NAME_MAX_LENGTH);
}

export function parseContactName(input: string): string {
  return checked(
    'contactName',
    'Contact name',
    input,
    CONTACT_NAME_MIN_LENGTH,
    CONTACT_NAME_MAX_LENGTH,
  );
}

export function parseBrandProfile(input: {
  readonly companyName: string;
  readonly contactName: string;
}): { readonly companyName: string; readonly contactName: string } {
  return {
    companyName: parseCompanyName(input.companyName),
    contactName: parseContactName(input.contactName),
  };
}
