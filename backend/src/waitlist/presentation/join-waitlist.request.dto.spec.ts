import { readFileSync } from 'node:fs';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import { createValidationPipe } from '../../common/presentation/validation.pipe.js';
import { EmailAddress } from '../domain/email-address.js';
import { FullName } from '../domain/full-name.js';
import { IndianMobileNumber } from '../domain/indian-mobile-number.js';
import { InstagramHandle } from '../domain/instagram-handle.js';
import { DOCUMENTED_PATTERNS, JoinWaitlistRequestDto } from './join-waitlist.request.dto.js';

type Field = 'fullName' | 'email' | 'phoneNumber' | 'instagramHandle' | 'userType';
type VectorFile = Record<
  Field,
  { valid: { input: string }[]; invalid: { input: string; message: string }[] }
>;

const vectors = JSON.parse(
  readFileSync(
    new URL('../../../test/vectors/waitlist-fields.vectors.json', import.meta.url),
    'utf8',
  ),
) as VectorFile;

const validBody = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phoneNumber: '9876543210',
  instagramHandle: 'asha.creates',
  userType: 'influencer',
};

async function fieldErrorsFor(body: object): Promise<Readonly<Record<string, string>>> {
  try {
    await createValidationPipe().transform(body, {
      type: 'body',
      metatype: JoinWaitlistRequestDto,
    });
  } catch (error) {
    if (error instanceof RequestValidationException) return error.fieldErrors;
    throw error;
  }
  return {};
}

const fieldCases = (Object.keys(vectors) as Field[]).filter((key) => key in validBody);

describe('the join-waitlist request body', () => {
  describe.each(fieldCases)('%s', (field) => {
    it.each(vectors[field].invalid)(
      'answers $input with "$message"',
      async ({ input, message }) => {
        await expect(fieldErrorsFor({ ...validBody, [field]: input })).resolves.toEqual({
          [field]: message,
        });
      },
    );

    it.each(vectors[field].valid)('accepts $input', async ({ input }) => {
      await expect(fieldErrorsFor({ ...validBody, [field]: input })).resolves.toEqual({});
    });
  });

  it('reports every missing field with its "required" message at once', async () => {
    await expect(fieldErrorsFor({})).resolves.toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      phoneNumber: 'Phone number is required',
      instagramHandle: 'Instagram handle is required',
      userType: 'Please select your user type',
    });
  });

  it('refuses values that are not text', async () => {
    await expect(fieldErrorsFor({ ...validBody, phoneNumber: 9876543210 })).resolves.toEqual({
      phoneNumber: 'phoneNumber must be a string',
    });
  });

  it('accepts the current privacy notice version and refuses any other', async () => {
    await expect(
      fieldErrorsFor({ ...validBody, privacyNoticeVersion: '2026-11-23' }),
    ).resolves.toEqual({});
    await expect(
      fieldErrorsFor({ ...validBody, privacyNoticeVersion: '2026-01-01' }),
    ).resolves.toEqual({ privacyNoticeVersion: 'Please reload the page and try again' });
  });

  it('takes the honeypot as optional text', async () => {
    await expect(fieldErrorsFor({ ...validBody, website: 'https://x.example' })).resolves.toEqual(
      {},
    );
    await expect(fieldErrorsFor({ ...validBody, website: 42 })).resolves.toEqual({
      website: 'website must be a string',
    });
  });

  it('refuses null for the optional fields, which the contract types as strings', async () => {
    await expect(
      fieldErrorsFor({ ...validBody, privacyNoticeVersion: null, website: null }),
    ).resolves.toEqual({
      privacyNoticeVersion: 'Please reload the page and try again',
      website: 'website must be a string',
    });
  });
});

/** Whether the domain accepts a value, and whether every documented pattern of it matches. */
const documented: Record<
  Exclude<Field, 'userType'>,
  { patterns: readonly string[]; parse: (input: string) => unknown }
> = {
  fullName: { patterns: [DOCUMENTED_PATTERNS.fullName], parse: (input) => FullName.parse(input) },
  email: {
    patterns: [DOCUMENTED_PATTERNS.email, DOCUMENTED_PATTERNS.emailLength],
    parse: (input) => EmailAddress.parse(input),
  },
  phoneNumber: {
    patterns: [DOCUMENTED_PATTERNS.phoneNumber],
    parse: (input) => IndianMobileNumber.parse(input),
  },
  instagramHandle: {
    patterns: [DOCUMENTED_PATTERNS.instagramHandle],
    parse: (input) => InstagramHandle.parse(input),
  },
};

const EMOJI = '\u{1F600}';
const OTHER_SPACES = '\u00a0\u1680\u2000\u2028\u202f\u3000\ufeff\v\f';
/** Edge cases beyond the shared vectors: other whitespace, characters outside the BMP, limits. */
const edgeCases: Record<keyof typeof documented, string[]> = {
  fullName: [
    `${OTHER_SPACES}Jo${OTHER_SPACES}`,
    `\u200bJ`, // a zero-width space is no whitespace
    '\u001cJ', // nor is a file separator (Python's str.isspace() says it is)
    'J\n\to',
    EMOJI,
    EMOJI.repeat(2),
    EMOJI.repeat(100),
    EMOJI.repeat(101),
    'a'.repeat(100),
    ` ${'a'.repeat(100)} `,
    'a'.repeat(101),
  ],
  email: [
    `${OTHER_SPACES}asha@example.com\t`,
    'a@b.c',
    'a@b',
    'a@b.c d',
    'İ@example.in',
    `${'a'.repeat(248)}@b.com`,
    `${'a'.repeat(249)}@b.com`,
    `${EMOJI.repeat(248)}@b.com`,
    `${EMOJI.repeat(249)}@b.com`,
  ],
  phoneNumber: [
    '98765\u00a043210',
    '9 8 7 6 5 4 3 2 1 0',
    '\u30009876543210\ufeff',
    '+919876543210',
    '５876543210',
    '5876543210',
    '98765432100',
  ],
  instagramHandle: [
    '@asha',
    '@@asha',
    '@',
    '@ asha',
    ` @${'a'.repeat(30)}\u3000`,
    'a'.repeat(31),
    'ásha',
  ],
};

describe('the documented patterns (openapi.yaml)', () => {
  describe.each(Object.keys(documented) as (keyof typeof documented)[])('%s', (field) => {
    const { patterns, parse } = documented[field];
    const values = [
      ...vectors[field].valid.map(({ input }) => input),
      ...vectors[field].invalid.map(({ input }) => input),
      ...edgeCases[field],
    ];

    it.each(values.map((value) => [JSON.stringify(value), value]))(
      'agree with the domain on %s',
      (_label, value) => {
        let domainAccepts = true;
        try {
          parse(value);
        } catch {
          domainAccepts = false;
        }
        // JSON Schema patterns are ECMAScript regexes over code points: the `u` flag.
        const documentedAccepts = patterns.every((pattern) => new RegExp(pattern, 'u').test(value));
        expect(documentedAccepts).toBe(domainAccepts);
      },
    );
  });
});
