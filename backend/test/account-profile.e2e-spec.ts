import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import {
  APP_ORIGIN,
  AUTH,
  authTestEnv,
  type ErrorBody,
  type SessionBody,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';

const ME = `${AUTH}/me`;
/** Real SMS to the local inbox for the brand's sign-in: more than Jest's 5 s default. */
const SLOW = 30_000;

/** Settings → Profile: a creator changes the name Paylock shows. */
describe('Your account: the display name (HTTP)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let app: TestApp;

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        SIGNUP_MODE: 'open',
        SMS_HOURLY_BUDGET: '100000',
      }),
    });
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  });

  const identity = { sub: 'google-sub-asha', email: 'asha@gmail.com', name: 'Asha G' };

  async function signIn(path: 'register' | 'login'): Promise<string> {
    idp.setNextIdentity(identity);
    const answer = await request(app.server)
      .post(`${AUTH}/${path}`)
      .set('Origin', APP_ORIGIN)
      .send({ credential: await idp.issueIdToken() })
      .expect(path === 'register' ? 201 : 200);
    return (answer.body as SessionBody).accessToken;
  }

  const rename = (accessToken: string, body: unknown) =>
    request(app.server)
      .patch(ME)
      .set('Origin', APP_ORIGIN)
      .set('Authorization', `Bearer ${accessToken}`)
      .send(body as object);

  let accessToken = '';

  beforeAll(async () => {
    accessToken = await signIn('register');
  });

  it('renames the creator; the name stays over the Google name at the next sign-in', async () => {
    const answer = await rename(accessToken, { displayName: '  Asha   Verma ' }).expect(200);
    expect(answer.body).toMatchObject({ displayName: 'Asha Verma', email: 'asha@gmail.com' });
    await request(app.server)
      .get(ME)
      .set('Authorization', `Bearer ${accessToken}`)
      .expect(200)
      .expect((me) => {
        expect(me.body).toMatchObject({ displayName: 'Asha Verma' });
      });

    const again = await signIn('login');
    const me = await request(app.server).get(ME).set('Authorization', `Bearer ${again}`);
    expect(me.body).toMatchObject({ displayName: 'Asha Verma' });
  });

  it.each([
    [{ displayName: '' }, 'displayName is required'],
    [{ displayName: '   ' }, 'displayName is required'],
    [{}, 'displayName is required'],
    [{ displayName: 42 }, 'displayName must be a string'],
    [{ displayName: 'x'.repeat(81) }, 'displayName must be at most 80 characters'],
    [
      { displayName: '<script>alert(1)</script>' },
      "displayName may hold only letters, digits, spaces and . , ' ’ ( ) -",
    ],
  ])('refuses %j with the field’s message (400) and keeps the name', async (body, message) => {
    const answer = await rename(accessToken, body).expect(400);
    expect((answer.body as ErrorBody).code).toBe('VALIDATION_FAILED');
    expect((answer.body as ErrorBody).errors?.displayName).toBe(message);
    const me = await request(app.server).get(ME).set('Authorization', `Bearer ${accessToken}`);
    expect(me.body).toMatchObject({ displayName: 'Asha Verma' });
  });

  it('refuses without a session (401) and from a foreign origin (403)', async () => {
    await request(app.server)
      .patch(ME)
      .set('Origin', APP_ORIGIN)
      .send({ displayName: 'Mallory' })
      .expect(401);
    await request(app.server)
      .patch(ME)
      .set('Origin', 'https://evil.example')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ displayName: 'Mallory' })
      .expect(403);
  });

  it(
    'refuses a brand (403): its contact name is on its company profile',
    async () => {
      const phone = '+919812300001';
      const headers = { 'X-Requested-With': 'paylock', Origin: APP_ORIGIN };
      await request(app.server)
        .post(`${AUTH}/phone/codes`)
        .set(headers)
        .send({ phone: '9812300001', purpose: 'signup' })
        .expect(202);
      const sms = await inbox.nextMessageTo(phone);
      const session = await request(app.server)
        .post(`${AUTH}/phone/sessions`)
        .set(headers)
        .send({ phone: '9812300001', code: sms.variables.otp, purpose: 'signup' })
        .expect(200);
      const brandToken = (session.body as SessionBody).accessToken;
      const answer = await rename(brandToken, { displayName: 'Brand Person' }).expect(403);
      expect((answer.body as ErrorBody).code).toBe('FORBIDDEN');
    },
    SLOW,
  );
});
