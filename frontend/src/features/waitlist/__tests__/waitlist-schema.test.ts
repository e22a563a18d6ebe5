import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitlistSchema, type WaitlistField } from '../waitlist-schema';

interface Vectors {
  valid: { input: string; normalised: string }[];
  invalid: { input: string; message: string }[];
}

// The same file the backend's domain tests read: both sides must agree on every vector.
const vectorsFile = path.resolve(
  import.meta.dirname,
  '../../../../../backend/test/vectors/waitlist-fields.vectors.json',
);
const vectors = JSON.parse(readFileSync(vectorsFile, 'utf8')) as Record<WaitlistField, Vectors>;

const fields: WaitlistField[] = ['fullName', 'email', 'phoneNumber', 'instagramHandle', 'userType'];

it('the vectors file holds exactly the form fields', () => {
  expect(
    Object.keys(vectors)
      .filter((key) => !key.startsWith('$'))
      .sort(),
  ).toEqual([...fields].sort());
});

describe.each(fields)('the %s rule agrees with the shared vectors', (field) => {
  const rule = waitlistSchema.shape[field];

  it.each(vectors[field].valid)('accepts $input as $normalised', ({ input, normalised }) => {
    expect(rule.safeParse(input)).toEqual({ success: true, data: normalised });
  });

  it.each(vectors[field].invalid)('rejects $input with "$message"', ({ input, message }) => {
    const result = rule.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
