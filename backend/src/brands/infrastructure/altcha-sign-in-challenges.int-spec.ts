import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import mongoose, { type Connection, type Model } from 'mongoose';
import { waitForDatabase } from '../../../test/support/create-test-app.js';
import { testDatabaseUri } from '../../../test/support/test-database.js';
import type { SignInChallenge } from '../domain/sign-in-challenge.js';
import { AltchaSignInChallenges, ChallengeSecret } from './altcha-sign-in-challenges.js';
import { PhoneCodeClaimRecord, PhoneCodeClaimSchema } from './mongo-one-time-codes.js';

const SECRET = new ChallengeSecret('an-otp-secret-of-at-least-32-characters');
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

async function proofFor(challenge: SignInChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return encode({ challenge, solution });
}

describe('AltchaSignInChallenges against the real database: signed, solved, used once', () => {
  let connection: Connection;
  let challenges: AltchaSignInChallenges;
  let claims: Model<PhoneCodeClaimRecord>;

  beforeAll(async () => {
    connection = mongoose.createConnection(testDatabaseUri('int'));
    await waitForDatabase(connection);
    await connection.dropDatabase();
    claims = connection.model(PhoneCodeClaimRecord.name, PhoneCodeClaimSchema);
    challenges = new AltchaSignInChallenges(SECRET, claims);
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('takes a solved challenge once, however many requests race with it', async () => {
    const proof = await proofFor(await challenges.issue());
    const uses = await Promise.all(Array.from({ length: 10 }, () => challenges.redeem(proof)));
    expect(uses.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a changed challenge, another key’s challenge, and what is no proof at all', async () => {
    const challenge = await challenges.issue();
    const easier = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '0' } };
    expect(await challenges.redeem(await proofFor(easier))).toBe(false);
    const elsewhere = new AltchaSignInChallenges(
      new ChallengeSecret('another-otp-secret-of-at-least-32-chars'),
      claims,
    );
    expect(await challenges.redeem(await proofFor(await elsewhere.issue()))).toBe(false);
    for (const junk of ['', 'not base64 at all', encode(null), encode({ challenge: 1 })]) {
      expect(await challenges.redeem(junk)).toBe(false);
    }
  });

  it('refuses an expired challenge', async () => {
    const expired = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      keyPrefix: '0000',
      deriveKey,
      expiresAt: new Date(Date.now() - 1000),
      hmacSignatureSecret: SECRET.value,
    });
    expect(await challenges.redeem(await proofFor(expired as SignInChallenge))).toBe(false);
  });
});
