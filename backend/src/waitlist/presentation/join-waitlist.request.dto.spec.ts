import { readFileSync } from 'node:fs';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import { createValidationPipe } from '../../common/presentation/validation.pipe.js';
import { JoinWaitlistRequestDto } from './join-waitlist.request.dto.js';

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
      fieldErrorsFor({ ...validBody, privacyNoticeVersion: '2026-11-01' }),
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
});
