import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import { Clock } from '../src/common/application/clock.js';
import {
  APP_ORIGIN,
  AUTH,
  authTestEnv,
  type ErrorBody,
  type SessionBody,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { FakeClock } from './support/fake-clock.js';
import { type MailDevServer, type ReceivedMail, startMailDev } from './support/maildev.js';
import { startIdentityProvider, type IdentityProvider } from '@paylock/identity-provider';

const SLOW = 30_000;
const MINUTE_MS = 60_000;
const CONTACT = `${AUTH}/me/contact-email`;
const CONFIRM = `${AUTH}/contact-email/confirmations`;
const BRAND_REAUTH = '/api/v1/brand/reauthentication';

function tokenIn(mail: ReceivedMail): string {
  const match = /\/account\/contact-email\?token=([\w-]{43})/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no contact e-mail link in: ${mail.text ?? ''}`);
  return match[1];
}

/**
 * Settings → Profile for a brand workspace (#41): its first contact e-mail, after a fresh SMS
 * code, switches once the link mailed to it (read from MailDev) is opened. The clock starts ten
 * minutes in the past, so the sign-in is no longer fresh once it is moved to the present.
 */
describe('Your account: a brand’s contact e-mail (HTTP, real inbox and SMS)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let mailDev: MailDevServer;
  let app: TestApp;
  const clock = new FakeClock(new Date(Date.now() - 10 * MINUTE_MS));

  beforeAll(async () => {
    [idp, inbox, mailDev] = await Promise.all([
      startIdentityProvider(),
      startSmsInbox(),
      startMailDev(),
    ]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        SIGNUP_MODE: 'open',
        SMS_HOURLY_BUDGET: '1000',
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
      }),
      configure: (builder) => {
        builder.overrideProvider(Clock).useValue(clock);
      },
    });
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop(), mailDev.stop()]);
  });

  const toThePresent = () => {
    clock.advance(Math.max(0, Date.now() - clock.now().getTime()));
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, Origin: APP_ORIGIN });

  async function codeFor(phone: string, send: () => Promise<unknown>): Promise<string> {
    const before = inbox.messages().filter((sms) => sms.to === phone).length;
    await send();
    return (await inbox.nextMessageTo(phone, { afterCount: before })).variables.otp ?? '';
  }

  async function brandSignedInTenMinutesAgo(
    national: string,
  ): Promise<{ token: string; phone: string }> {
    clock.advance(-clock.now().getTime() + Date.now() - 10 * MINUTE_MS);
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

  const ask = (token: string, email: string) =>
    request(app.server).put(CONTACT).set(bearer(token)).send({ email });
  const status = async (token: string) =>
    (await request(app.server).get(CONTACT).set(bearer(token)).expect(200)).body as unknown;

  it(
    'asks for a fresh SMS code, mails a link to the new address, and switches once it is opened',
    async () => {
      const { token, phone } = await brandSignedInTenMinutesAgo('9123455501');
      toThePresent();
      expect(await status(token)).toEqual({
        contactEmail: null,
        pendingEmail: null,
        mailedTo: null,
      });

      const stale = await ask(token, 'accounts@chaipoint.example').expect(403);
      expect((stale.body as ErrorBody).code).toBe('REAUTHENTICATION_REQUIRED');

      const code = await codeFor(phone, () =>
        request(app.server).post(`${BRAND_REAUTH}/codes`).set(bearer(token)).send({}).expect(202),
      );
      await request(app.server).post(BRAND_REAUTH).set(bearer(token)).send({ code }).expect(204);
      const asked = await ask(token, ' Accounts@ChaiPoint.example ').expect(202);
      expect(asked.body).toEqual({
        contactEmail: null,
        pendingEmail: 'accounts@chaipoint.example',
        mailedTo: null,
      });

      const link = await mailDev.inbox.waitForMailTo('accounts@chaipoint.example');
      expect(link.subject).toBe('Confirm your new contact e-mail for Paylock');
      const confirmed = await request(app.server)
        .post(CONFIRM)
        .set('Origin', APP_ORIGIN)
        .send({ token: tokenIn(link) })
        .expect(200);
      expect(confirmed.body).toEqual({ contactEmail: 'accounts@chaipoint.example' });
      expect(await status(token)).toEqual({
        contactEmail: 'accounts@chaipoint.example',
        pendingEmail: null,
        mailedTo: 'accounts@chaipoint.example',
      });
    },
    SLOW,
  );
});
