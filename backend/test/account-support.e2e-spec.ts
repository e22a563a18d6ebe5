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
import { dealTerms } from './support/deal-fixtures.js';
import { type MailDevServer, startMailDev } from './support/maildev.js';

const SUPPORT = '/api/v1/account/support-requests';
const ADMIN_LIST = '/api/v1/admin/support-requests';

interface Listed {
  items: { id: string; subject: string; email: string; dealId: string | null }[];
}

/** Settings → Help & support: a creator's request reaches the back-office and is confirmed by mail. */
describe('Your account: help & support requests (HTTP, real inbox)', () => {
  let idp: IdentityProvider;
  let mailDev: MailDevServer;
  let app: TestApp;
  let asha = '';
  let ravi = '';
  let admin = '';

  beforeAll(async () => {
    [idp, mailDev] = await Promise.all([startIdentityProvider(), startMailDev()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        SIGNUP_MODE: 'open',
        ADMIN_EMAILS: 'ops@paylock.in',
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      }),
    });
    asha = await register('sub-sup-asha', 'sup.asha@gmail.com');
    ravi = await register('sub-sup-ravi', 'sup.ravi@gmail.com');
    admin = await register('sub-sup-ops', 'ops@paylock.in');
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

  const ask = (token: string, body: object) =>
    request(app.server)
      .post(SUPPORT)
      .set('Origin', APP_ORIGIN)
      .set('Authorization', `Bearer ${token}`)
      .send(body);

  it('stores a request about the creator’s deal, mails its reference, and the admin sees it', async () => {
    const deal = await request(app.server)
      .post('/api/v1/deals')
      .set('Authorization', `Bearer ${asha}`)
      .send(dealTerms())
      .expect(201);
    const dealId = (deal.body as { id: string }).id;
    const created = await ask(asha, {
      subject: ' Milestone 2 not funded ',
      message: 'It has been a week.',
      dealId,
    }).expect(201);
    const { id } = created.body as { id: string };

    const mail = await mailDev.inbox.waitForMailTo('sup.asha@gmail.com');
    expect(mail.subject).toBe('We have your question: Milestone 2 not funded');
    expect(mail.text).toContain(`Your reference: ${id}.`);

    const listed = await request(app.server)
      .get(ADMIN_LIST)
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    expect((listed.body as Listed).items[0]).toMatchObject({
      id,
      subject: 'Milestone 2 not funded',
      email: 'sup.asha@gmail.com',
      dealId,
    });

    // Another creator cannot attach Asha's deal: the same 404 as an unknown deal.
    const foreign = await ask(ravi, { subject: 'x', message: 'y', dealId }).expect(404);
    expect((foreign.body as ErrorBody).code).toBe('SUPPORT_DEAL_NOT_FOUND');
    await ask(ravi, {
      subject: 'x',
      message: 'y',
      dealId: '3b241101-e2bb-4255-8caf-4136c566a962',
    }).expect(404);
  });

  it('files a grievance: acknowledged by mail with its statutory times, and admins see it as one', async () => {
    const created = await ask(ravi, {
      kind: 'grievance',
      subject: 'My data was shared',
      message: 'A brand saw my phone number.',
    }).expect(201);
    const { id } = created.body as { id: string };

    const mail = await mailDev.inbox.waitForMailTo('sup.ravi@gmail.com');
    expect(mail.subject).toBe('We have your grievance: My data was shared');
    expect(mail.text).toContain('resolve it within 15 days');
    expect(mail.text).toContain(`Your reference: ${id}.`);

    const grievances = await request(app.server)
      .get(`${ADMIN_LIST}?kind=grievance`)
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    const items = (grievances.body as { items: { id: string; kind: string }[] }).items;
    expect(items.map((item) => [item.id, item.kind])).toEqual([[id, 'grievance']]);

    const mine = await request(app.server)
      .get(SUPPORT)
      .set('Authorization', `Bearer ${ravi}`)
      .expect(200);
    expect((mine.body as { items: { id: string; kind: string }[] }).items[0]).toMatchObject({
      id,
      kind: 'grievance',
    });
    await ask(ravi, { kind: 'complaint', subject: 'x', message: 'y' }).expect(400);
  });

  it('is the back-office’s only: a creator is 403', async () => {
    await request(app.server).get(ADMIN_LIST).set('Authorization', `Bearer ${asha}`).expect(403);
  });

  it('refuses empty or too long fields with their messages', async () => {
    const empty = await ask(ravi, { subject: '  ', message: '' }).expect(400);
    expect((empty.body as ErrorBody).errors).toMatchObject({
      subject: 'subject is required',
      message: 'message is required',
    });
    const long = await ask(ravi, { subject: 'x'.repeat(121), message: 'y' }).expect(400);
    expect((long.body as ErrorBody).errors?.subject).toBe('subject must be at most 120 characters');
  });

  it('takes 5 a day per account, then 429', async () => {
    const kabir = await register('sub-sup-kabir', 'sup.kabir@gmail.com');
    for (let n = 0; n < 5; n += 1)
      await ask(kabir, { subject: `q${String(n)}`, message: 'm' }).expect(201);
    const over = await ask(kabir, { subject: 'q6', message: 'm' }).expect(429);
    expect((over.body as ErrorBody).code).toBe('TOO_MANY_SUPPORT_REQUESTS');
  });
});
