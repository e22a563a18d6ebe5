import { readFileSync } from 'node:fs';
import { EmailAddress } from './email-address.js';
import { FullName } from './full-name.js';
import { IndianMobileNumber } from './indian-mobile-number.js';
import { InstagramHandle } from './instagram-handle.js';
import { parseUserType } from './user-type.js';
import { InvalidWaitlistValueError } from './waitlist.errors.js';

interface ValidVector {
  input: string;
  normalised: string;
  e164?: string;
}
interface InvalidVector {
  input: string;
  message: string;
}
interface FieldVectors {
  valid: ValidVector[];
  invalid: InvalidVector[];
}
type VectorFile = Record<
  'fullName' | 'email' | 'phoneNumber' | 'instagramHandle' | 'userType',
  FieldVectors
>;

/** The rules as data, shared with the frontend's form (see the file's $comment). */
const vectors = JSON.parse(
  readFileSync(
    new URL('../../../test/vectors/waitlist-fields.vectors.json', import.meta.url),
    'utf8',
  ),
) as VectorFile;

function messageOf(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (error instanceof InvalidWaitlistValueError) return error.message;
    throw error;
  }
  throw new Error('expected the value to be rejected');
}

const normalisers: Record<keyof VectorFile, (input: string) => string> = {
  fullName: (input) => FullName.parse(input).value,
  email: (input) => EmailAddress.parse(input).value,
  phoneNumber: (input) => IndianMobileNumber.parse(input).national,
  instagramHandle: (input) => InstagramHandle.parse(input).value,
  userType: (input) => parseUserType(input),
};

describe.each(Object.entries(normalisers))('the %s rule', (field, normalise) => {
  const { valid, invalid } = vectors[field as keyof VectorFile];

  it.each(valid)('accepts $input as $normalised', ({ input, normalised }) => {
    expect(normalise(input)).toBe(normalised);
  });

  it.each(invalid)('rejects $input with "$message"', ({ input, message }) => {
    expect(messageOf(() => normalise(input))).toBe(message);
  });
});

describe('an Indian mobile number', () => {
  it.each(vectors.phoneNumber.valid)('gives $input in E.164 form as $e164', ({ input, e164 }) => {
    expect(IndianMobileNumber.parse(input).e164).toBe(e164);
  });
});
