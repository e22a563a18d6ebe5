import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import {
  APP_ORIGIN,
  AUTH,
  authTestEnv,
  cookieValue,
  CSRF_HEADERS,
  type SessionBody,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';

const SESSIONS = `${AUTH}/sessions`;
/** Real SMS to the local inbox for the brand's sign-in: more than Jest's 5 s default. */
const SLOW = 30_000;
const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/131.0.0.0 Mobile Safari/537.36';

interface ListedSession {
  id: string;
  browser: string | null;
  os: string | null;
  platform: string | null;
  firstSeenAt: string;
  lastActiveAt: string;
  current: boolean;
}

interface SignedIn {
  accessToken: string;
  refreshToken: string;
}

/** Two API instances on one database: what one revokes, the other refuses at once. */
describe('Your account: active sessions (HTTP, two instances)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    // Instances share the database and the signing key, nothing else.
    const env = authTestEnv(idp, {
      ...inbox.backendEnv,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SIGNUP_MODE: 'open',
      SMS_HOURLY_BUDGET: '100000',
    });
    first = await createTestApp({ env });
    second = await createTestApp({ env });
  }, SLOW);

  afterAll(async () => {
    await second.close();
    await first.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  });

  let accounts = 0;
  /** A new creator account, signed up from the given browser on the first instance. */
  async function newCreator(userAgent: string): Promise<{ sub: string } & SignedIn> {
    accounts += 1;
    const sub = `google-sub-sessions-${String(accounts)}`;
    idp.setNextIdentity({ sub, email: `${sub}@gmail.com`, name: `Creator ${String(accounts)}` });
    const credential = await idp.issueIdToken();
    const answer = await request(first.server)
      .post(`${AUTH}/register`)
      .set('Origin', APP_ORIGIN)
      .set('User-Agent', userAgent)
      .send({ credential })
      .expect(201);
    return { sub, ...tokensOf(answer) };
  }

  /** Another sign-in of the same account, from another browser. */
  async function signInAgain(sub: string, userAgent: string): Promise<SignedIn> {
    idp.setNextIdentity({ sub, email: `${sub}@gmail.com`, name: 'Again' });
    const credential = await idp.issueIdToken();
    const answer = await request(first.server)
      .post(`${AUTH}/login`)
      .set('Origin', APP_ORIGIN)
      .set('User-Agent', userAgent)
      .send({ credential })
      .expect(200);
    return tokensOf(answer);
  }

  function tokensOf(answer: request.Response): SignedIn {
    return {
      accessToken: (answer.body as SessionBody).accessToken,
      refreshToken: cookieValue(answer, 'paylock_refresh') ?? '',
    };
  }

  async function listOn(app: TestApp, accessToken: string): Promise<ListedSession[]> {
    const answer = await request(app.server)
      .get(SESSIONS)
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200);
    return (answer.body as { sessions: ListedSession[] }).sessions;
  }

  const me = (app: TestApp, accessToken: string) =>
    request(app.server).get(`${AUTH}/me`).set('Authorization', `Bearer ${accessToken}`);
  const refresh = (app: TestApp, refreshToken: string) =>
    request(app.server)
      .post(`${AUTH}/refresh-token`)
      .set(CSRF_HEADERS)
      .set('Cookie', `paylock_refresh=${refreshToken}`);
  const revoke = (app: TestApp, accessToken: string, id: string) =>
    request(app.server)
      .delete(`${SESSIONS}/${encodeURIComponent(id)}`)
      .set(CSRF_HEADERS)
      .set('Authorization', `Bearer ${accessToken}`);

  it('lists where the account is signed in: browser and OS from the User-Agent, this device marked', async () => {
    const laptop = await newCreator(FIREFOX_ON_WINDOWS);
    const phone = await signInAgain(laptop.sub, CHROME_ON_ANDROID);

    const sessions = await listOn(second, laptop.accessToken);

    expect(sessions).toHaveLength(2);
    const here = sessions.find((session) => session.current);
    expect(here).toMatchObject({ browser: 'Firefox 133', os: 'Windows 10', platform: 'desktop' });
    expect(sessions.find((session) => !session.current)).toMatchObject({
      browser: 'Chrome 131',
      os: 'Android 14',
      platform: 'mobile',
    });
    expect(Date.parse(here?.firstSeenAt ?? '')).toBeLessThanOrEqual(
      Date.parse(here?.lastActiveAt ?? ''),
    );
    expect(Object.keys(here ?? {})).not.toContain('location');
    // The phone sees the same two, itself as this device.
    const fromPhone = await listOn(first, phone.accessToken);
    expect(fromPhone.find((session) => session.current)?.id).toBe(
      sessions.find((session) => !session.current)?.id,
    );
  });

  it('a session revoked on one instance fails its next API call and its next refresh on the other', async () => {
    const laptop = await newCreator(FIREFOX_ON_WINDOWS);
    const lostPhone = await signInAgain(laptop.sub, CHROME_ON_ANDROID);
    await me(second, lostPhone.accessToken).expect(200);
    const phoneId = (await listOn(first, lostPhone.accessToken)).find((s) => s.current)?.id ?? '';

    await revoke(first, laptop.accessToken, phoneId).expect(204);

    const call = await me(second, lostPhone.accessToken).expect(401);
    expect(call.headers['www-authenticate']).toContain('invalid_token');
    const renewal = await refresh(second, lostPhone.refreshToken).expect(401);
    expect(renewal.body).toMatchObject({ code: 'SESSION_EXPIRED' });
    await me(second, laptop.accessToken).expect(200);
    expect((await listOn(second, laptop.accessToken)).map((s) => s.id)).not.toContain(phoneId);
  });

  it('refuses with 404 to revoke another account’s session, an unknown id or an ended session', async () => {
    const ravi = await newCreator(FIREFOX_ON_WINDOWS);
    const meera = await newCreator(CHROME_ON_ANDROID);
    const meeraSession = (await listOn(first, meera.accessToken))[0]?.id ?? '';

    const foreign = await revoke(second, ravi.accessToken, meeraSession).expect(404);
    expect(foreign.body).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    await me(first, meera.accessToken).expect(200);
    await revoke(second, ravi.accessToken, 'no-such-session').expect(404);

    const other = await signInAgain(ravi.sub, CHROME_ON_ANDROID);
    const otherId = (await listOn(first, other.accessToken)).find((s) => s.current)?.id ?? '';
    await revoke(first, ravi.accessToken, otherId).expect(204);
    await revoke(second, ravi.accessToken, otherId).expect(404);
  });

  it('signs out everywhere else: the others fail on either instance, this device stays signed in', async () => {
    const here = await newCreator(FIREFOX_ON_WINDOWS);
    const others = [
      await signInAgain(here.sub, CHROME_ON_ANDROID),
      await signInAgain(here.sub, CHROME_ON_ANDROID),
    ];

    const answer = await request(second.server)
      .post(`${SESSIONS}/revoke-others`)
      .set(CSRF_HEADERS)
      .set('Authorization', `Bearer ${here.accessToken}`)
      .expect(200);

    expect(answer.body).toEqual({ revoked: 2 });
    for (const other of others) {
      await me(first, other.accessToken).expect(401);
      await refresh(first, other.refreshToken).expect(401);
    }
    await me(first, here.accessToken).expect(200);
    expect(await listOn(first, here.accessToken)).toHaveLength(1);
  });

  it('refuses without a session (401) and without the CSRF header or from a foreign origin (403)', async () => {
    const creator = await newCreator(FIREFOX_ON_WINDOWS);
    await request(first.server).get(SESSIONS).expect(401);
    await request(first.server).post(`${SESSIONS}/revoke-others`).set(CSRF_HEADERS).expect(401);
    await request(first.server)
      .post(`${SESSIONS}/revoke-others`)
      .set('Authorization', `Bearer ${creator.accessToken}`)
      .expect(403);
    await request(first.server)
      .delete(`${SESSIONS}/anything`)
      .set({ ...CSRF_HEADERS, Origin: 'https://evil.example' })
      .set('Authorization', `Bearer ${creator.accessToken}`)
      .expect(403);
    expect(await listOn(first, creator.accessToken)).toHaveLength(1);
  });

  it(
    'gives a brand (signed in by mobile) the same: its sessions listed, one revoked on the other instance',
    async () => {
      const national = '9812399001';
      const signInBrand = async (userAgent: string, purpose: 'signup' | 'login') => {
        const before = inbox.messages().filter((sms) => sms.to === `+91${national}`).length;
        await request(first.server)
          .post(`${AUTH}/phone/codes`)
          .set(CSRF_HEADERS)
          .send({ phone: national, purpose })
          .expect(202);
        const sms = await inbox.nextMessageTo(`+91${national}`, { afterCount: before });
        const answer = await request(first.server)
          .post(`${AUTH}/phone/sessions`)
          .set(CSRF_HEADERS)
          .set('User-Agent', userAgent)
          .send({ phone: national, code: sms.variables.otp, purpose })
          .expect(200);
        return tokensOf(answer);
      };
      const office = await signInBrand(FIREFOX_ON_WINDOWS, 'signup');
      // The resend cooldown is per number: the second code may be asked only a minute later.
      await first.connection
        .collection('brand_phone_codes')
        .updateMany(
          { phone: `+91${national}` },
          { $set: { issuedAt: new Date(Date.now() - 61_000) } },
        );
      const phone = await signInBrand(CHROME_ON_ANDROID, 'login');
      // A brand's session learns its browser at its first refresh (the next page load).
      await refresh(second, phone.refreshToken).set('User-Agent', CHROME_ON_ANDROID).expect(200);

      const sessions = await listOn(second, office.accessToken);
      expect(sessions).toHaveLength(2);
      const phoneSession = sessions.find((session) => !session.current);
      expect(phoneSession).toMatchObject({ browser: 'Chrome 131', os: 'Android 14' });

      await revoke(second, office.accessToken, phoneSession?.id ?? '').expect(204);
      await me(first, phone.accessToken).expect(401);
      await me(first, office.accessToken).expect(200);
    },
    SLOW,
  );
});
