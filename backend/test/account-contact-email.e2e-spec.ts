import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import request from 'supertest';
import {
  APP_ORIGIN,
  AUTH,
  authTestEnv,
  type ErrorBody,
  type SessionBody,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { eventually } from './support/eventually.js';
import { type MailDevServer, type ReceivedMail, startMailDev } from './support/maildev.js';
import { settled } from './support/settled.js';

const CONTACT = `${AUTH}/me/contact-email`;
const CONFIRM = `${AUTH}/contact-email/confirmations`;

interface ContactStatus {
  contactEmail: string | null;
  pendingEmail: string | null;
  mailedTo: string;
}

function tokenIn(mail: ReceivedMail): string {
  const match = /\/account\/contact-email\?token=([\w-]{43})/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no contact e-mail link in: ${mail.text ?? ''}`);
  return match[1];
}

/** Settings → Profile: a creator's notices go to a new address once its mailed link is opened. */
describe('Your account: the contact e-mail (HTTP, real inbox)', () => {
  let idp: IdentityProvider;
  let mailDev: MailDevServer;
  let app: TestApp;

  beforeAll(async () => {
    [idp, mailDev] = await Promise.all([startIdentityProvider(), startMailDev()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        SIGNUP_MODE: 'open',
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      }),
    });
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), mailDev.stop()]);
  });

  async function register(sub: string, email: string): Promise<string> {
    idp.setNextIdentity({ sub, email, name: sub });
    const answer = await request(app.server)
      .post(`${AUTH}/register`)
      .set('Origin', APP_ORIGIN)
      .send({ credential: await idp.issueIdToken() })
      .expect(201);
    return (answer.body as SessionBody).accessToken;
  }

  const ask = (accessToken: string, email: unknown) =>
    request(app.server)
      .put(CONTACT)
      .set('Origin', APP_ORIGIN)
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ email });

  const confirm = (token: string) =>
    request(app.server).post(CONFIRM).set('Origin', APP_ORIGIN).send({ token });

  const status = async (accessToken: string): Promise<ContactStatus> =>
    (
      await request(app.server)
        .get(CONTACT)
        .set('Authorization', `Bearer ${accessToken}`)
        .expect(200)
    ).body as ContactStatus;

  it('mails a link to the new address, keeps the old one until it is opened, then tells the old one', async () => {
    const asha = await register('sub-asha', 'asha@gmail.com');
    expect(await status(asha)).toEqual({
      contactEmail: null,
      pendingEmail: null,
      mailedTo: 'asha@gmail.com',
    });

    const asked = await ask(asha, ' Asha.Work@Example.com ').expect(202);
    expect(asked.body).toMatchObject({
      pendingEmail: 'asha.work@example.com',
      mailedTo: 'asha@gmail.com',
    });
    const link = await mailDev.inbox.waitForMailTo('asha.work@example.com');
    expect(link.subject).toBe('Confirm your new contact e-mail for Paylock');
    expect(await status(asha)).toMatchObject({ contactEmail: null, mailedTo: 'asha@gmail.com' });

    const confirmed = await confirm(tokenIn(link)).expect(200);
    expect(confirmed.body).toEqual({ contactEmail: 'asha.work@example.com' });
    expect(await status(asha)).toEqual({
      contactEmail: 'asha.work@example.com',
      pendingEmail: null,
      mailedTo: 'asha.work@example.com',
    });

    const notice = await mailDev.inbox.waitForMailTo('asha@gmail.com', {
      subject: 'Your Paylock contact e-mail was changed',
    });
    expect(notice.text).toContain('a•••@example.com');
    expect(notice.text).not.toContain('asha.work@example.com');
  });

  it('a link works once: opened again it is 404, and it does not switch back', async () => {
    const ravi = await register('sub-ravi', 'ravi@gmail.com');
    await ask(ravi, 'ravi.new@example.com').expect(202);
    const token = tokenIn(await mailDev.inbox.waitForMailTo('ravi.new@example.com'));
    const [first, second] = await Promise.all([confirm(token), confirm(token)]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    const again = await confirm(token).expect(404);
    expect((again.body as ErrorBody).code).toBe('CONTACT_EMAIL_LINK_NOT_VALID');
    expect((await status(ravi)).contactEmail).toBe('ravi.new@example.com');
  });

  it('only the latest request’s link works', async () => {
    const meera = await register('sub-meera', 'meera@gmail.com');
    await ask(meera, 'meera.one@example.com').expect(202);
    const older = tokenIn(await mailDev.inbox.waitForMailTo('meera.one@example.com'));
    await ask(meera, 'meera.two@example.com').expect(202);
    const newer = tokenIn(await mailDev.inbox.waitForMailTo('meera.two@example.com'));
    await confirm(older).expect(404);
    await confirm(newer).expect(200);
    expect((await status(meera)).contactEmail).toBe('meera.two@example.com');
  });

  it('refuses malformed addresses and tokens with the field’s message, a foreign origin and no session', async () => {
    const kabir = await register('sub-kabir', 'kabir@gmail.com');
    for (const email of ['not-an-address', 'a b@example.com', 42, '']) {
      const answer = await ask(kabir, email).expect(400);
      expect((answer.body as ErrorBody).errors?.email).toBe(
        'email must be an e-mail address like name@example.com',
      );
    }
    const badToken = await confirm('short').expect(400);
    expect((badToken.body as ErrorBody).code).toBe('VALIDATION_FAILED');
    await confirm('A'.repeat(43)).expect(404);
    await request(app.server)
      .put(CONTACT)
      .set('Origin', APP_ORIGIN)
      .send({ email: 'x@example.com' })
      .expect(401);
    await request(app.server)
      .put(CONTACT)
      .set('Origin', 'https://evil.example')
      .set('Authorization', `Bearer ${kabir}`)
      .send({ email: 'x@example.com' })
      .expect(403);
  });

  it('limits requests per account (429 after 5 a day) and links per address (3 a day, same answer)', async () => {
    const dev = await register('sub-dev', 'dev@gmail.com');
    const other = await register('sub-other', 'other@gmail.com');
    const victim = 'victim@example.com';
    for (let index = 0; index < 3; index += 1) await ask(dev, victim).expect(202);
    await ask(other, victim).expect(202);
    await ask(other, victim).expect(202);
    await ask(dev, 'dev.four@example.com').expect(202);
    const fifth = await ask(dev, 'dev.five@example.com').expect(202);
    expect(fifth.body).toMatchObject({ pendingEmail: 'dev.five@example.com' });
    const sixth = await ask(dev, 'dev.six@example.com').expect(429);
    expect((sixth.body as ErrorBody).code).toBe('TOO_MANY_CONTACT_EMAIL_CHANGES');
    // Every queued mail sent (the outbox does not keep their order), then read from the inbox.
    await settled(app.app);
    await mailDev.inbox.waitForMailTo('dev.five@example.com');
    await eventually(async () => (await mailDev.inbox.to(victim)).length >= 3, {
      what: 'the three links to the address',
    });
    expect(await mailDev.inbox.to(victim)).toHaveLength(3);
  });
});
