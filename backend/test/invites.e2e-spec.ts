import { Types } from 'mongoose';
import request from 'supertest';
import {
  AUTH,
  authTestEnv,
  type ErrorBody,
  newBrowser,
  type SessionBody,
  signInThroughProvider,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { confirmedEntryDocument } from './support/waitlist-entry-document.js';
import { SendInvites } from '../src/invites/index.js';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';

const ADMIN = '/api/v1/admin';
const INVITES = '/api/v1/invites';
const JWT_SECRET = 'an-e2e-secret-for-the-invite-tests-0000';
const OPS = { sub: 'google-sub-ops', email: 'ops@paylock.in', name: 'Ops Person' };

interface WaveBody {
  waveId: string | null;
  invited: number;
  resent: number;
  skipped: { entryId: string; reason: string }[];
}

/** `count` confirmed entries with seats firstSeat, firstSeat + 1, … (as `confirm` stores them). */
function seedEntries(count: number, firstSeat = 1) {
  return Array.from({ length: count }, (_, index) => confirmedEntryDocument(firstSeat + index));
}

describe('Early access by invitation', () => {
  let idp: IdentityProvider;
  let app: TestApp;
  let adminToken: string;

  const admin = (method: 'get' | 'post', path: string) =>
    request(app.server)[method](`${ADMIN}${path}`).set('Authorization', `Bearer ${adminToken}`);

  /** The entries' statuses follow a wave's answer: wait for them. */
  const statusesWritten = () => app.app.get(SendInvites).whenMarked();

  async function registerAs(
    identity: { sub: string; email: string; name: string },
    invite?: string,
  ): Promise<request.Response> {
    idp.setNextIdentity(identity);
    const credential = await idp.issueIdToken();
    return request(app.server)
      .post(`${AUTH}/register`)
      .send(invite === undefined ? { credential } : { credential, invite });
  }

  /** Signs up through the JSON API as a Google identity, with or without an invite. */
  function register(identity: { sub: string; email: string; name: string }, invite?: string) {
    const response = registerAs(identity, invite);
    return Object.assign(response, {
      /** The answer, once its status is checked. */
      async expect(status: number): Promise<request.Response> {
        const answer = await response;
        expect({ status: answer.status, body: answer.body as unknown }).toMatchObject({ status });
        return answer;
      },
    });
  }

  let people = 0;
  const person = () => {
    people += 1;
    return {
      sub: `google-sub-${people}`,
      email: `someone${people}@gmail.com`,
      name: `P ${people}`,
    };
  };

  /** The codes in the invite e-mails queued in the outbox for `email`, oldest first. */
  async function codesSentTo(email: string): Promise<string[]> {
    const mails = await app.connection
      .collection('outbox')
      .find({ 'to.email': email, kind: 'early-access-invite' })
      .sort({ createdAt: 1 })
      .toArray();
    return mails.map((mail) => {
      const url = new URL((mail.data as { inviteUrl: string }).inviteUrl);
      expect(url.origin + url.pathname).toBe('http://localhost:5173/register');
      return url.searchParams.get('invite') ?? '';
    });
  }

  async function entryByEmail(email: string) {
    return app.connection.collection('waitlist_entries').findOne({ email });
  }

  async function usersCount() {
    return app.connection.collection('users').countDocuments();
  }

  beforeAll(async () => {
    idp = await startIdentityProvider();
    app = await createTestApp({
      env: authTestEnv(idp, { JWT_SECRET, SIGNUP_MODE: 'invite', ADMIN_EMAILS: OPS.email }),
    });
    const signedUp = await register(OPS);
    expect(signedUp.status).toBe(201); // an ADMIN_EMAILS address needs no invite
    adminToken = (signedUp.body as SessionBody).accessToken;
    await app.connection.collection('waitlist_entries').insertMany(seedEntries(6));
  });

  afterAll(async () => {
    await app.close();
    await idp.stop();
  });

  describe('SIGNUP_MODE=invite', () => {
    it('refuses a sign-up without an invite with the invite-only text, creating no account', async () => {
      const before = await usersCount();
      const response = await register(person()).expect(403);
      expect(response.body).toMatchObject({
        statusCode: 403,
        code: 'INVITE_REQUIRED',
        message:
          "Paylock is invite-only during early access. Join the waitlist and we'll e-mail your invite.",
      });
      expect(await usersCount()).toBe(before);
    });

    it('sends an uninvited Google sign-up back to /register with reason=INVITE_REQUIRED', async () => {
      idp.setNextIdentity(person());
      const { location } = await signInThroughProvider(newBrowser(app.server), 'signup');
      expect(location).toBe('http://localhost:5173/register?reason=INVITE_REQUIRED');
    });

    it('still signs existing accounts in', async () => {
      idp.setNextIdentity(OPS);
      const { location } = await signInThroughProvider(newBrowser(app.server), 'login');
      expect(location).toBe('http://localhost:5173/creator/dashboard?signedIn=login');
    });
  });

  describe('a wave, and redeeming its invites', () => {
    let wave: WaveBody;

    beforeAll(async () => {
      wave = (await admin('post', '/invites/next').send({ count: 3 }).expect(200)).body as WaveBody;
      await statusesWritten();
    });

    it('invites the next confirmed entries by seat, queues their e-mails and records the wave', async () => {
      expect(wave).toMatchObject({ invited: 3, resent: 0, skipped: [] });
      for (const n of [1, 2, 3]) {
        expect(await codesSentTo(`creator${n}@example.com`)).toHaveLength(1);
        expect((await entryByEmail(`creator${n}@example.com`))?.status).toBe('invited');
      }
      expect((await entryByEmail('creator4@example.com'))?.status).toBe('confirmed');
      const stored = await app.connection.collection('invites').find().toArray();
      const [code] = await codesSentTo('creator1@example.com');
      expect(JSON.stringify(stored)).not.toContain(code); // only its hash
      const audit = await admin('get', '/audit-log').expect(200);
      expect((audit.body as { items: unknown[] }).items[0]).toMatchObject({
        action: 'invite.sent',
        actor: { email: OPS.email },
        details: { waveId: wave.waveId, selection: 'next', invited: 3, resent: 0, skipped: 0 },
      });
    });

    it('tells the register page who is invited (masked), and nothing for a code that is not one', async () => {
      const [code] = await codesSentTo('creator1@example.com');
      const preview = await request(app.server).post(`${INVITES}/lookup`).send({ code });
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({ maskedEmail: 'c***1@e***e.com' });
      const unknown = await request(app.server)
        .post(`${INVITES}/lookup`)
        .send({ code: 'A'.repeat(43) })
        .expect(404);
      expect((unknown.body as ErrorBody).code).toBe('INVITE_INVALID');
      await request(app.server).post(`${INVITES}/lookup`).send({ code: 42 }).expect(400);
    });

    it('creates the account with an invite, links it to the entry (joined) though the Google e-mail differs', async () => {
      const [code] = await codesSentTo('creator1@example.com');
      const asha = { sub: 'google-sub-asha', email: 'asha.creates@gmail.com', name: 'Asha' };
      const response = await register(asha, code).expect(201);
      const { user, accessToken } = response.body as SessionBody;
      expect(user.email).toBe('asha.creates@gmail.com');
      // A creator cannot send invites.
      const refused = await request(app.server)
        .post(`${ADMIN}/invites/next`)
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ count: 1 })
        .expect(403);
      expect((refused.body as ErrorBody).code).toBe('FORBIDDEN');
      const entry = await entryByEmail('creator1@example.com');
      expect(entry?.status).toBe('joined');
      expect(entry?.joinedAccountEmail).toBe('asha.creates@gmail.com');
      const detail = await admin('get', `/waitlist/${String(entry?._id)}`).expect(200);
      expect(detail.body).toMatchObject({
        status: 'joined',
        email: 'creator1@example.com',
        account: { email: 'asha.creates@gmail.com' },
      });
      expect((detail.body as { history: { event: string }[] }).history.at(-1)?.event).toBe(
        'account-created',
      );
    });

    it('refuses a used invite to a second Google account, and tells an existing account it is registered', async () => {
      const [code] = await codesSentTo('creator1@example.com');
      const before = await usersCount();
      const second = await register(person(), code).expect(410);
      expect(second.body).toMatchObject({
        code: 'INVITE_USED',
        message:
          'This invite has already been used to create an account. Sign in with the Google account it was used with.',
      });
      const again = await register(
        { sub: 'google-sub-asha', email: 'asha.creates@gmail.com', name: 'Asha' },
        code,
      ).expect(400);
      expect((again.body as ErrorBody).code).toBe('ALREADY_REGISTERED');
      expect(await usersCount()).toBe(before);
    });

    it('refuses tampered, unknown and malformed codes, creating no account', async () => {
      const [code = ''] = await codesSentTo('creator2@example.com');
      const tampered = (code.startsWith('A') ? 'B' : 'A') + code.slice(1);
      const before = await usersCount();
      for (const bad of [tampered, 'Z'.repeat(43), 'not-a-code', `${code}x`]) {
        const response = await register(person(), bad).expect(404);
        expect(response.body).toMatchObject({
          code: 'INVITE_INVALID',
          message:
            'This invite link is not valid. Open the link from your invite e-mail exactly as it was sent.',
        });
      }
      await register(person(), 'x'.repeat(201)).expect(400);
      expect(await usersCount()).toBe(before);
      expect((await entryByEmail('creator2@example.com'))?.status).toBe('invited');
    });

    it('refuses an expired invite', async () => {
      const [code] = await codesSentTo('creator2@example.com');
      const entry = await entryByEmail('creator2@example.com');
      await app.connection
        .collection('invites')
        .updateOne(
          { entryId: String(entry?._id) },
          { $set: { expiresAt: new Date(Date.now() - 1000) } },
        );
      const before = await usersCount();
      const response = await register(person(), code).expect(410);
      expect((response.body as ErrorBody).code).toBe('INVITE_EXPIRED');
      const lookup = await request(app.server).post(`${INVITES}/lookup`).send({ code }).expect(410);
      expect((lookup.body as ErrorBody).code).toBe('INVITE_EXPIRED');
      expect(await usersCount()).toBe(before);
    });

    it('re-sends rather than duplicating: a new code that works, the old one no longer', async () => {
      const entry = await entryByEmail('creator2@example.com');
      const id = String(entry?._id);
      const [oldCode] = await codesSentTo('creator2@example.com');
      const again = await admin('post', '/invites/selected')
        .send({ entryIds: [id] })
        .expect(200);
      expect(again.body).toMatchObject({ invited: 0, resent: 1, skipped: [] });
      expect(await app.connection.collection('invites').countDocuments({ entryId: id })).toBe(1);
      const codes = await codesSentTo('creator2@example.com');
      expect(codes).toHaveLength(2);
      await request(app.server).post(`${INVITES}/lookup`).send({ code: oldCode }).expect(404);
      await register(person(), codes[1]).expect(201);
      expect((await entryByEmail('creator2@example.com'))?.status).toBe('joined');
    });

    it('revokes: the link stops working; revoking twice is fine; a redeemed invite cannot be revoked', async () => {
      const entry = await entryByEmail('creator3@example.com');
      const id = String(entry?._id);
      await admin('post', `/invites/${id}/revoke`).expect(204);
      await admin('post', `/invites/${id}/revoke`).expect(204);
      const [code] = await codesSentTo('creator3@example.com');
      const response = await register(person(), code).expect(410);
      expect((response.body as ErrorBody).code).toBe('INVITE_REVOKED');
      const redeemed = await entryByEmail('creator1@example.com');
      const conflict = await admin('post', `/invites/${String(redeemed?._id)}/revoke`).expect(409);
      expect((conflict.body as ErrorBody).code).toBe('INVITE_ALREADY_REDEEMED');
      const unknown = await admin('post', `/invites/${new Types.ObjectId().toHexString()}/revoke`);
      expect(unknown.status).toBe(404);
      // Inviting a revoked entry again is skipped, not silently re-opened.
      const skipped = await admin('post', '/invites/selected')
        .send({ entryIds: [id] })
        .expect(200);
      expect(skipped.body).toMatchObject({
        waveId: null,
        skipped: [{ entryId: id, reason: 'revoked' }],
      });
    });

    it('redeems through the Google redirect: the invite survives the round trip to the provider', async () => {
      await admin('post', '/invites/next').send({ count: 1 }).expect(200);
      await statusesWritten();
      const [code = ''] = await codesSentTo('creator4@example.com');
      idp.setNextIdentity(person());
      const { location } = await signInThroughProvider(
        newBrowser(app.server),
        `signup&invite=${encodeURIComponent(code)}`,
      );
      expect(location).toBe('http://localhost:5173/creator/dashboard?signedIn=signup');
      expect((await entryByEmail('creator4@example.com'))?.status).toBe('joined');
      // The same link again, another Google account: back to /register with the reason.
      idp.setNextIdentity(person());
      const reused = await signInThroughProvider(
        newBrowser(app.server),
        `signup&invite=${encodeURIComponent(code)}`,
      );
      expect(reused.location).toBe('http://localhost:5173/register?reason=INVITE_USED');
      idp.setNextIdentity(person());
      const invalid = await signInThroughProvider(newBrowser(app.server), 'signup&invite=nonsense');
      expect(invalid.location).toBe('http://localhost:5173/register?reason=INVITE_INVALID');
    });

    it("shows each wave's funnel and the conversion from confirmed to joined", async () => {
      const waves = await admin('get', '/invites/waves').expect(200);
      const items = (waves.body as { items: Record<string, unknown>[] }).items;
      expect(items.at(-1)).toMatchObject({
        waveId: wave.waveId,
        invited: 3,
        redeemed: 2,
        revoked: 1,
        expired: 0,
        pending: 0,
      });
      const overview = await admin('get', '/waitlist/overview').expect(200);
      expect(overview.body).toMatchObject({ joined: 3, joinRate: 3 / 6 });
    });
  });

  describe('SIGNUP_MODE=open', () => {
    let openApp: TestApp;

    beforeAll(async () => {
      openApp = await createTestApp({
        env: authTestEnv(idp, { JWT_SECRET, SIGNUP_MODE: 'open' }),
      });
    });

    afterAll(async () => {
      await openApp.close();
    });

    it('keeps sign-up open without an invite, and still refuses a bad one', async () => {
      idp.setNextIdentity(person());
      const open = await request(openApp.server)
        .post(`${AUTH}/register`)
        .send({ credential: await idp.issueIdToken() });
      expect(open.status).toBe(201);
      idp.setNextIdentity(person());
      const bad = await request(openApp.server)
        .post(`${AUTH}/register`)
        .send({ credential: await idp.issueIdToken(), invite: 'B'.repeat(43) });
      expect(bad.status).toBe(404);
      expect(await openApp.connection.collection('users').countDocuments()).toBe(1);
    });
  });
});

describe('a wave of 1,000 invites', () => {
  let idp: IdentityProvider;
  let app: TestApp;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    app = await createTestApp({ env: authTestEnv(idp, { JWT_SECRET, ADMIN_EMAILS: OPS.email }) });
  });

  afterAll(async () => {
    await app.close();
    await idp.stop();
  });

  it('queues 1,000 e-mails without waiting for them, in one request', async () => {
    idp.setNextIdentity(OPS);
    const signedUp = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential: await idp.issueIdToken() })
      .expect(201);
    const token = (signedUp.body as SessionBody).accessToken;
    await app.connection.collection('waitlist_entries').insertMany(seedEntries(1000, 1));

    const response = await request(app.server)
      .post(`${ADMIN}/invites/next`)
      .set('Authorization', `Bearer ${token}`)
      .send({ count: 1000 })
      .expect(200);
    await app.app.get(SendInvites).whenMarked();

    expect(response.body).toMatchObject({ invited: 1000, resent: 0, skipped: [] });
    expect(
      await app.connection.collection('outbox').countDocuments({ kind: 'early-access-invite' }),
    ).toBe(1000);
    expect(await app.connection.collection('invites').countDocuments()).toBe(1000);
    // Each e-mail carries its own link to the person's page (#13), issued in one bulk write.
    expect(
      await app.connection
        .collection('outbox')
        .countDocuments({ kind: 'early-access-invite', 'data.personalUrl': { $exists: true } }),
    ).toBe(1000);
    expect(
      await app.connection.collection('link_tokens').countDocuments({ purpose: 'personal-link' }),
    ).toBe(1000);
    expect(
      await app.connection.collection('waitlist_entries').countDocuments({ status: 'invited' }),
    ).toBe(1000);
    // No SMTP server here: every message is still queued, so the request did not send any.
    expect(await app.connection.collection('outbox').countDocuments({ status: 'queued' })).toBe(
      1000,
    );
  }, 120_000);
});
