import mongoose, { type Connection } from 'mongoose';
import type { IdentityProvider } from '@paylock/identity-provider';
import type { RunningServer } from './support/server-process.js';
import { postJson, startTwoInstances, type TwoInstances } from './support/two-instances.js';
import { confirmedEntryDocument } from './support/waitlist-entry-document.js';

const OPS = { sub: 'google-sub-ops', email: 'ops@paylock.in', name: 'Ops Person' };
const RACERS = 20;

interface AnswerBody {
  code?: string;
  message?: string;
  accessToken?: string;
}

/**
 * Twenty sign-ups with one invite at the same moment, alternately on two compiled API processes
 * (`node dist/main.js`) sharing one database: the claim-once redemption must leave exactly one
 * account, and every loser must be told why.
 */
describe('one invite, twenty simultaneous sign-ups over two API instances', () => {
  let harness: TwoInstances;
  let database: Connection;
  let idp: IdentityProvider;

  const post = (instance: RunningServer, path: string, body: object, token?: string) =>
    postJson<AnswerBody>(instance, path, body, token);
  const instance = (index: number) => harness.instance(index);

  async function credentialOf(identity: { sub: string; email: string; name: string }) {
    idp.setNextIdentity(identity);
    return idp.issueIdToken();
  }

  /** A confirmed entry invited by the admin; answers the code in its e-mail. */
  async function invite(adminToken: string, n: number): Promise<string> {
    const _id = new mongoose.Types.ObjectId();
    await database
      .collection('waitlist_entries')
      .insertOne(confirmedEntryDocument(n, { _id, history: [] }));
    const wave = await post(
      instance(0),
      '/admin/invites/selected',
      { entryIds: [_id.toHexString()] },
      adminToken,
    );
    expect(wave.status).toBe(200);
    const mail = await database
      .collection('outbox')
      .findOne({ 'to.email': `creator${n}@example.com`, kind: 'early-access-invite' });
    return (
      new URL((mail?.data as { inviteUrl: string }).inviteUrl).searchParams.get('invite') ?? ''
    );
  }

  let adminToken = '';

  beforeAll(async () => {
    harness = await startTwoInstances('invite_race', {
      SIGNUP_MODE: 'invite',
      ADMIN_EMAILS: OPS.email,
      LOG_LEVEL: 'silent',
    });
    ({ database, idp } = harness);
    const admin = await post(instance(0), '/auth/register', {
      credential: await credentialOf(OPS),
    });
    expect(admin.status).toBe(201);
    adminToken = admin.body.accessToken ?? '';
  }, 180_000);

  afterAll(async () => {
    await harness.stop();
  });

  it('twenty Google accounts: exactly one account; the nineteen others told the invite is used', async () => {
    const code = await invite(adminToken, 1);
    const credentials = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        credentialOf({
          sub: `google-sub-racer-${index}`,
          email: `racer${index}@gmail.com`,
          name: `Racer ${index}`,
        }),
      ),
    );
    const usersBefore = await database.collection('users').countDocuments();

    const answers = await Promise.all(
      credentials.map((credential, index) =>
        post(instance(index), '/auth/register', { credential, invite: code }),
      ),
    );

    const statuses = answers.map(({ status }) => status).sort();
    expect(statuses).toEqual([201, ...Array<number>(RACERS - 1).fill(410)]);
    for (const loser of answers.filter(({ status }) => status === 410)) {
      expect(loser.body).toMatchObject({
        code: 'INVITE_USED',
        message:
          'This invite has already been used to create an account. Sign in with the Google account it was used with.',
      });
    }
    expect(await database.collection('users').countDocuments()).toBe(usersBefore + 1);
    expect(await database.collection('invite_claims').countDocuments()).toBe(1);
    const entry = await database.collection('waitlist_entries').findOne({ seat: 1 });
    expect(entry?.status).toBe('joined');
  });

  it('one Google account in twenty tabs at once: one account, the other tabs told it is registered', async () => {
    const code = await invite(adminToken, 2);
    const credential = await credentialOf({
      sub: 'google-sub-tabs',
      email: 'tabs@gmail.com',
      name: 'Many Tabs',
    });
    const usersBefore = await database.collection('users').countDocuments();

    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        post(instance(index), '/auth/register', { credential, invite: code }),
      ),
    );

    expect(answers.filter(({ status }) => status === 201)).toHaveLength(1);
    for (const loser of answers.filter(({ status }) => status !== 201)) {
      // Told this Google account has its account (or, once redeemed, that the invite is used).
      expect(['ALREADY_REGISTERED', 'INVITE_USED']).toContain(loser.body.code);
    }
    expect(await database.collection('users').countDocuments()).toBe(usersBefore + 1);
    expect(await database.collection('users').countDocuments({ googleId: 'google-sub-tabs' })).toBe(
      1,
    );
  });
});
