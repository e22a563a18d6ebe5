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
import { type MailDevServer, startMailDev } from './support/maildev.js';

const MINE = '/api/v1/account/support-requests';
const ADMIN_LIST = '/api/v1/admin/support-requests';
const answerPath = (id: string) => `${ADMIN_LIST}/${id}/answer`;

interface AdminPage {
  items: { id: string; subject: string; status: string; answer: { text: string } | null }[];
  total: number;
  page: number;
  pageSize: number;
}

/** The back-office answers a support request: audited, mailed (real inbox), in the person's bell. */
describe('Back-office: answering support requests (HTTP, real inbox)', () => {
  let idp: IdentityProvider;
  let mailDev: MailDevServer;
  let app: TestApp;
  let asha = '';
  let admin = '';

  beforeAll(async () => {
    [idp, mailDev] = await Promise.all([startIdentityProvider(), startMailDev()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        SIGNUP_MODE: 'open',
        ADMIN_EMAILS: 'ops@paylock.in',
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
      }),
    });
    asha = await register('sub-answer-asha', 'answer.asha@gmail.com');
    admin = await register('sub-answer-ops', 'ops@paylock.in');
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), mailDev.stop()]);
  });

  async function register(sub: string, email: string): Promise<string> {
    idp.setNextIdentity({ sub, email, name: sub === 'sub-answer-asha' ? 'Asha Rao' : 'Ops' });
    const answer = await request(app.server)
      .post(`${AUTH}/register`)
      .set('Origin', APP_ORIGIN)
      .send({ credential: await idp.issueIdToken() })
      .expect(201);
    return (answer.body as SessionBody).accessToken;
  }

  const as = (token: string) => ({ Authorization: `Bearer ${token}`, Origin: APP_ORIGIN });

  async function ask(subject: string): Promise<string> {
    const created = await request(app.server)
      .post(MINE)
      .set(as(asha))
      .send({ subject, message: 'When will it be funded?' })
      .expect(201);
    return (created.body as { id: string }).id;
  }

  const list = (query: string) =>
    request(app.server).get(`${ADMIN_LIST}?${query}`).set(as(admin)).expect(200);

  it('answers once: audited, mailed, in the bell and on the person’s help page; then 409', async () => {
    const first = await ask('Milestone 1 not funded');
    const second = await ask('Invoice question');

    const open = (await list('status=open&pageSize=1&page=1')).body as AdminPage;
    expect(open).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(open.items.map((item) => item.id)).toEqual([second]);

    const answered = await request(app.server)
      .post(answerPath(first))
      .set(as(admin))
      .send({ answer: ' The brand funded it this morning. ' })
      .expect(201);
    expect(answered.body).toMatchObject({
      id: first,
      status: 'answered',
      answer: { text: 'The brand funded it this morning.' },
    });

    const mail = await mailDev.inbox.waitForMailTo('answer.asha@gmail.com', {
      subject: 'Our answer: Milestone 1 not funded',
    });
    expect(mail.text).toContain('The brand funded it this morning.');
    expect(mail.text).toContain(`${APP_ORIGIN}/creator/settings#help`);

    const audit = await request(app.server)
      .get('/api/v1/admin/audit-log')
      .set(as(admin))
      .expect(200);
    const events = (
      audit.body as { items: { action: string; actor: { email: string }; details: object }[] }
    ).items;
    expect(events[0]).toMatchObject({
      action: 'support.answered',
      actor: { email: 'ops@paylock.in' },
      details: { supportRequestId: first },
    });
    expect(JSON.stringify(events[0])).not.toContain('funded it');

    const bell = await request(app.server).get('/api/v1/notifications').set(as(asha)).expect(200);
    expect((bell.body as { items: { kind: string; title: string }[] }).items[0]).toMatchObject({
      kind: 'support_answered',
      title: 'Support answered: Milestone 1 not funded',
    });

    const mine = await request(app.server).get(MINE).set(as(asha)).expect(200);
    const items = (mine.body as { items: { id: string; status: string; answer: unknown }[] }).items;
    expect(items.find((item) => item.id === first)).toMatchObject({
      status: 'answered',
      answer: { text: 'The brand funded it this morning.' },
    });
    expect(items.find((item) => item.id === second)).toMatchObject({
      status: 'open',
      answer: null,
    });

    const filtered = (await list('status=answered')).body as AdminPage;
    expect(filtered.items.map((item) => item.id)).toEqual([first]);

    const again = await request(app.server)
      .post(answerPath(first))
      .set(as(admin))
      .send({ answer: 'Another answer' })
      .expect(409);
    expect((again.body as ErrorBody).code).toBe('SUPPORT_REQUEST_ALREADY_ANSWERED');
  });

  it('is the back-office’s only: a creator cannot list or answer (403)', async () => {
    const id = await ask('Can I answer myself?');
    await request(app.server).get(ADMIN_LIST).set(as(asha)).expect(403);
    await request(app.server)
      .post(answerPath(id))
      .set(as(asha))
      .send({ answer: 'yes' })
      .expect(403);
  });

  it('refuses an empty answer, an unknown request and an unknown status', async () => {
    const id = await ask('Empty answer?');
    const empty = await request(app.server)
      .post(answerPath(id))
      .set(as(admin))
      .send({ answer: '  ' })
      .expect(400);
    expect((empty.body as ErrorBody).errors?.answer).toBe('answer is required');
    const unknown = await request(app.server)
      .post(answerPath('0123456789abcdef01234567'))
      .set(as(admin))
      .send({ answer: 'x' })
      .expect(404);
    expect((unknown.body as ErrorBody).code).toBe('SUPPORT_REQUEST_NOT_FOUND');
    await request(app.server)
      .post(answerPath('not-an-id'))
      .set(as(admin))
      .send({ answer: 'x' })
      .expect(404);
    await request(app.server).get(`${ADMIN_LIST}?status=closed`).set(as(admin)).expect(400);
  });
});
