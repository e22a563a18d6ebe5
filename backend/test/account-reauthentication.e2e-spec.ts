import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import { Clock } from '../src/common/application/clock.js';
import {
  AUTH,
  APP_ORIGIN,
  authTestEnv,
  cookieValue,
  type ErrorBody,
  type SessionBody,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { FakeClock } from './support/fake-clock.js';

/** Real SMS to the local inbox for the brand: more than Jest's 5 s default. */
const SLOW = 30_000;
const MINUTE_MS = 60_000;
const PAYOUT_PROFILE = '/api/v1/payout-profile';
const CONTACT_EMAIL = `${AUTH}/me/contact-email`;
const BRAND_PROFILE = '/api/v1/brand/profile';
const GOOGLE_REAUTH = `${AUTH}/reauthentication/google`;
const BRAND_REAUTH = '/api/v1/brand/reauthentication';
const STATE_COOKIE = 'paylock_oauth_state';

const payoutProfile = {
  legalName: 'Asha Rao',
  pan: 'ABCPE1234F',
  phone: '9876543210',
  accountNumber: '50100123456789',
  accountNumberConfirmation: '50100123456789',
  ifsc: 'HDFC0000001',
  upiId: 'asha@okaxis',
  gstin: null,
};
const companyProfile = { companyName: 'Chai Point Media', contactName: 'Meera Iyer' };

/**
 * Changes that move money or identity need a fresh proof of identity (#41): a Google round trip
 * with prompt=login for creators, a new SMS code for brands. The clock starts ten minutes in the
 * past, so the sessions signed in then are no longer fresh once it is moved to the present.
 */
describe('Your account: re-authentication before money or identity changes (HTTP)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let app: TestApp;
  const clock = new FakeClock(new Date(Date.now() - 10 * MINUTE_MS));

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        SIGNUP_MODE: 'open',
        SMS_HOURLY_BUDGET: '1000',
      }),
      configure: (builder) => {
        builder.overrideProvider(Clock).useValue(clock);
      },
    });
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  });

  /** Moves the app's clock to the real present (the provider's `auth_time` is real time). */
  const toThePresent = () => {
    clock.advance(Math.max(0, Date.now() - clock.now().getTime()));
  };

  async function creatorSignedInTenMinutesAgo(sub: string): Promise<string> {
    idp.setNextIdentity({ sub, email: `${sub}@gmail.com`, name: sub });
    const answer = await request(app.server)
      .post(`${AUTH}/register`)
      .set('Origin', APP_ORIGIN)
      .send({ credential: await idp.issueIdToken() })
      .expect(201);
    return (answer.body as SessionBody).accessToken;
  }

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, Origin: APP_ORIGIN });

  const savePayout = (token: string) =>
    request(app.server).put(PAYOUT_PROFILE).set(bearer(token)).send(payoutProfile);
  const changeEmail = (token: string) =>
    request(app.server).put(CONTACT_EMAIL).set(bearer(token)).send({ email: 'new@example.com' });

  /** The browser's Google round trip: ticket, redirect to the provider, callback. */
  async function googleRoundTrip(token: string) {
    const browser = request.agent(app.server);
    const started = await request(app.server).post(GOOGLE_REAUTH).set(bearer(token)).expect(200);
    const start = await browser.get((started.body as { location: string }).location).expect(302);
    const atProvider = new URL(start.headers.location as string);
    const stateCookie = cookieValue(start, STATE_COOKIE) ?? '';
    const providerAnswer = await fetch(atProvider, { redirect: 'manual' });
    const callback = new URL(providerAnswer.headers.get('location') ?? '');
    const done = await browser.get(callback.pathname + callback.search).expect(302);
    return { atProvider, callback, stateCookie, result: new URL(done.headers.location as string) };
  }

  function expectReauthenticationRequired(response: request.Response): void {
    expect(response.status).toBe(403);
    expect((response.body as ErrorBody).code).toBe('REAUTHENTICATION_REQUIRED');
  }

  it('refuses a creator’s payout destination and e-mail change without a fresh sign-in, and takes them after a Google round trip', async () => {
    const token = await creatorSignedInTenMinutesAgo('reauth-asha');
    toThePresent();
    expectReauthenticationRequired(await savePayout(token));
    expectReauthenticationRequired(await changeEmail(token));

    const { atProvider, result } = await googleRoundTrip(token);
    expect(atProvider.searchParams.get('prompt')).toBe('login');
    expect(atProvider.searchParams.get('max_age')).toBe('0');
    expect(result.pathname).toBe('/account/reauthenticated');
    expect(result.searchParams.get('result')).toBe('ok');

    await savePayout(token).expect(200);
    await changeEmail(token).expect(202);

    // Five minutes later the mark has gone stale again.
    clock.advance(5 * MINUTE_MS + 1000);
    expectReauthenticationRequired(await savePayout(token));
  });

  it('refuses a round trip whose auth_time is older than the round trip (the provider did not ask again)', async () => {
    clock.advance(-clock.now().getTime() + Date.now() - 10 * MINUTE_MS);
    const token = await creatorSignedInTenMinutesAgo('reauth-ravi');
    toThePresent();
    idp.reportNextAuthTime(Math.floor(Date.now() / 1000) - 10 * 60);
    const { result } = await googleRoundTrip(token);
    expect(result.searchParams.get('result')).toBe('failed');
    expect(result.searchParams.get('reason')).toBe('REAUTHENTICATION_STALE');
    expectReauthenticationRequired(await savePayout(token));
  });

  it('refuses another Google account, and a replayed callback', async () => {
    clock.advance(-clock.now().getTime() + Date.now() - 10 * MINUTE_MS);
    const token = await creatorSignedInTenMinutesAgo('reauth-kabir');
    toThePresent();
    idp.setNextIdentity({ sub: 'reauth-someone-else', email: 'else@gmail.com', name: 'Else' });
    const foreign = await googleRoundTrip(token);
    expect(foreign.result.searchParams.get('reason')).toBe('REAUTHENTICATION_NOT_VALID');
    expectReauthenticationRequired(await savePayout(token));

    idp.setNextIdentity({ sub: 'reauth-kabir', email: 'reauth-kabir@gmail.com', name: 'K' });
    const { callback, stateCookie, result } = await googleRoundTrip(token);
    expect(result.searchParams.get('result')).toBe('ok');
    // The same callback again, with the state cookie it came with: refused.
    const replay = await request(app.server)
      .get(callback.pathname + callback.search)
      .set('Cookie', `${STATE_COOKIE}=${stateCookie}`)
      .expect(302);
    expect(replay.headers.location as string).not.toContain('result=ok');
  });

  describe('brands', () => {
    let number = 9123400000;

    async function codeFor(phone: string, send: () => Promise<unknown>): Promise<string> {
      const before = inbox.messages().filter((sms) => sms.to === phone).length;
      await send();
      return (await inbox.nextMessageTo(phone, { afterCount: before })).variables.otp ?? '';
    }

    async function brandSignedInTenMinutesAgo(): Promise<{ token: string; phone: string }> {
      clock.advance(-clock.now().getTime() + Date.now() - 10 * MINUTE_MS);
      number += 1;
      const national = String(number);
      const phone = `+91${national}`;
      const code = await codeFor(phone, () =>
        request(app.server)
          .post(`${AUTH}/phone/codes`)
          .set('Origin', APP_ORIGIN)
          .send({ phone: national, purpose: 'signup' })
          .expect(202),
      );
      const session = await request(app.server)
        .post(`${AUTH}/phone/sessions`)
        .set('Origin', APP_ORIGIN)
        .send({ phone: national, code, purpose: 'signup' })
        .expect(200);
      return { token: (session.body as SessionBody).accessToken, phone };
    }

    const saveCompany = (token: string) =>
      request(app.server).put(BRAND_PROFILE).set(bearer(token)).send(companyProfile);

    it(
      'refuses the billing details without a fresh code, takes them after one, and refuses the code replayed',
      async () => {
        const { token, phone } = await brandSignedInTenMinutesAgo();
        toThePresent();
        expectReauthenticationRequired(await saveCompany(token));

        const code = await codeFor(phone, () =>
          request(app.server).post(`${BRAND_REAUTH}/codes`).set(bearer(token)).send({}).expect(202),
        );
        await request(app.server).post(BRAND_REAUTH).set(bearer(token)).send({ code }).expect(204);
        await saveCompany(token).expect(200);

        const replayed = await request(app.server)
          .post(BRAND_REAUTH)
          .set(bearer(token))
          .send({ code })
          .expect(400);
        expect((replayed.body as ErrorBody).code).toBe('INVALID_CODE');
      },
      SLOW,
    );

    it(
      'does not take a sign-in code as a confirmation code',
      async () => {
        const { token, phone } = await brandSignedInTenMinutesAgo();
        toThePresent();
        clock.advance(MINUTE_MS); // past the resend cooldown of the sign-in code
        const national = phone.slice(3);
        const signInCode = await codeFor(phone, () =>
          request(app.server)
            .post(`${AUTH}/phone/codes`)
            .set('Origin', APP_ORIGIN)
            .send({ phone: national, purpose: 'login' })
            .expect(202),
        );
        await request(app.server)
          .post(BRAND_REAUTH)
          .set(bearer(token))
          .send({ code: signInCode })
          .expect(400);
        expectReauthenticationRequired(await saveCompany(token));
      },
      SLOW,
    );
  });
});
