import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import request from 'supertest';
import { APP_ORIGIN, AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { type MailDevServer, type ReceivedMail, startMailDev } from './support/maildev.js';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const FIREFOX_LINUX_NEWER =
  'Mozilla/5.0 (X11; Linux x86_64; rv:134.0) Gecko/20100101 Firefox/134.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const OPERA_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0';

const SUBJECT = 'New sign-in to your Paylock account';

/** A sign-in from a browser the account never used mails a notice (#41). */
describe('Your account: the new-browser sign-in mail (HTTP, real inbox)', () => {
  let idp: IdentityProvider;
  let mailDev: MailDevServer;
  let app: TestApp;
  const identity = { sub: 'sub-nb-asha', email: 'nb.asha@gmail.com', name: 'Asha' };

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

  async function signIn(path: 'register' | 'login', userAgent: string): Promise<string> {
    idp.setNextIdentity(identity);
    const answer = await request(app.server)
      .post(`${AUTH}/${path}`)
      .set('Origin', APP_ORIGIN)
      .set('User-Agent', userAgent)
      .send({ credential: await idp.issueIdToken() })
      .expect(path === 'register' ? 201 : 200);
    return (answer.body as SessionBody).accessToken;
  }

  const notices = async (): Promise<ReceivedMail[]> =>
    (await mailDev.inbox.to(identity.email)).filter((mail) => mail.subject === SUBJECT);

  /** A mail queued after everything before it: once it arrives, the earlier ones have too. */
  async function marker(accessToken: string, n: number): Promise<void> {
    await request(app.server)
      .put(`${AUTH}/me/contact-email`)
      .set('Origin', APP_ORIGIN)
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ email: `nb.marker${String(n)}@example.com` })
      .expect(202);
    await mailDev.inbox.waitForMailTo(`nb.marker${String(n)}@example.com`);
  }

  it('mails nothing for the sign-up’s browser, or a newer version of it', async () => {
    await signIn('register', FIREFOX_LINUX);
    const again = await signIn('login', FIREFOX_LINUX_NEWER);
    await marker(again, 1);
    expect(await notices()).toEqual([]);
  });

  it('mails the account’s address once for a new browser, naming it', async () => {
    await signIn('login', CHROME_ANDROID);
    const mail = await mailDev.inbox.waitForMailTo(identity.email, { subject: SUBJECT });
    expect(mail.text).toContain('Chrome on Android');
    expect(mail.text).toContain('India time');
    expect(mail.text).toContain('/creator/settings#security');
    const again = await signIn('login', CHROME_ANDROID);
    await marker(again, 2);
    expect(await notices()).toHaveLength(1);
  });

  it('sends at most 3 an hour, however many new browsers sign in', async () => {
    await signIn('login', SAFARI_IPHONE);
    await signIn('login', EDGE_WINDOWS);
    const last = await signIn('login', OPERA_MAC);
    await marker(last, 3);
    expect(await notices()).toHaveLength(3);
  });
});
