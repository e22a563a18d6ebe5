import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { Outbox } from '../src/mail/index.js';
import { AUTH, authTestEnv, type ErrorBody, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import {
  type RefusingSmtpServer,
  startRefusingSmtpServer,
} from './support/refusing-smtp-server.js';

const MAIL = '/api/v1/admin/mail';
const OPS = { sub: 'google-sub-ops', email: 'ops@paylock.in', name: 'Ops Person' };
const CREATOR = { sub: 'google-sub-asha', email: 'asha@gmail.com', name: 'Asha Verma' };
const REFUSAL = '550 5.1.1 <refused@example.com>: Recipient address rejected';

interface MessageBody {
  id: string;
  kind: string;
  recipientEmail: string;
  subject: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
  nextAttemptAt: string | null;
}
interface PageBody {
  items: MessageBody[];
  total: number;
  page: number;
  pageSize: number;
}
interface AuditBody {
  items: { action: string; actor: { userId: string; email: string }; details: object }[];
}

/**
 * The Mail screen's API over a real outbox: messages are enqueued through the app's Outbox and
 * delivered by its own worker to a real SMTP server that refuses them (550, a permanent refusal),
 * so they fail for real; after a retry the server accepts and the message is sent.
 */
describe('Admin mail API', () => {
  let idp: IdentityProvider;
  let smtp: RefusingSmtpServer;
  let app: TestApp;
  let adminToken: string;
  let creatorToken: string;

  async function register(identity: typeof OPS): Promise<SessionBody> {
    idp.setNextIdentity(identity);
    const credential = await idp.issueIdToken();
    const response = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return response.body as SessionBody;
  }

  const asAdmin = (path: string) =>
    request(app.server).get(path).set('Authorization', `Bearer ${adminToken}`);
  const retryAsAdmin = (id: string) =>
    request(app.server).post(`${MAIL}/${id}/retry`).set('Authorization', `Bearer ${adminToken}`);

  async function list(query = ''): Promise<PageBody> {
    const response = await asAdmin(`${MAIL}${query}`).expect(200);
    return response.body as PageBody;
  }

  async function until(
    predicate: (page: PageBody) => boolean,
    query = '',
    timeoutMs = 15_000,
  ): Promise<PageBody> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = await list(query);
      if (predicate(page)) return page;
      if (Date.now() > deadline) throw new Error(`Timed out: ${JSON.stringify(page)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function enqueue(n: number): Promise<void> {
    await app.app.get(Outbox).enqueue({
      key: `waitlist-confirmation:admin-mail-e2e:${n}`,
      kind: 'waitlist-confirmation',
      to: { email: `person${n}@example.com`, name: `Person ${n}` },
      data: { confirmUrl: `http://localhost:5173/waitlist/confirm#t${n}`, expiresInHours: '72' },
    });
  }

  beforeAll(async () => {
    idp = await startIdentityProvider();
    smtp = await startRefusingSmtpServer(REFUSAL);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ADMIN_EMAILS: 'ops@paylock.in',
        SMTP_URL: smtp.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '100',
        MAIL_MAX_ATTEMPTS: '3',
      }),
    });
    const admin = await register(OPS);
    adminToken = admin.accessToken;
    creatorToken = (await register(CREATOR)).accessToken;
  });

  afterAll(async () => {
    await app.close();
    await smtp.stop();
    await idp.stop();
  });

  it('lists the outbox newest first: failed messages with the SMTP answer, and filters by status', async () => {
    await enqueue(1);
    await enqueue(2);
    const failed = await until((page) => page.total === 2, '?status=failed');
    expect(failed.page).toBe(1);
    expect(failed.pageSize).toBe(25);
    expect(failed.items.map((message) => message.recipientEmail)).toEqual([
      'person2@example.com',
      'person1@example.com',
    ]);
    expect(failed.items[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      kind: 'waitlist-confirmation',
      recipientEmail: 'person2@example.com',
      subject: 'Confirm your place on the Paylock waitlist',
      status: 'failed',
      attempts: 1,
      lastError: REFUSAL,
      createdAt: expect.any(String) as string,
      sentAt: null,
      failedAt: expect.any(String) as string,
      nextAttemptAt: null,
    });
    // No template data (the confirmation link) leaves the server.
    expect(JSON.stringify(failed)).not.toContain('localhost:5173/waitlist/confirm');

    expect((await list('?status=sent')).total).toBe(0);
    const paged = await list('?pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((message) => message.recipientEmail)).toEqual(['person1@example.com']);
  });

  it('retries a failed message: queued again, sent once the server accepts, and audited', async () => {
    const [message] = (await list('?status=failed')).items;
    if (!message) throw new Error('no failed message');
    smtp.setReply('250 2.1.5 Ok');

    await retryAsAdmin(message.id).expect(204);

    const sent = await until(
      (page) => page.items.some((item) => item.id === message.id),
      '?status=sent',
    );
    const retried = sent.items.find((item) => item.id === message.id);
    expect(retried).toMatchObject({ status: 'sent', attempts: 2, nextAttemptAt: null });
    expect(retried?.sentAt).toEqual(expect.any(String));

    const audit = (await asAdmin('/api/v1/admin/audit-log').expect(200)).body as AuditBody;
    expect(audit.items[0]).toEqual({
      id: expect.any(String) as string,
      at: expect.any(String) as string,
      actor: { userId: expect.any(String) as string, email: 'ops@paylock.in' },
      action: 'mail.retried',
      details: { messageId: message.id },
    });
    expect(JSON.stringify(audit)).not.toContain(message.recipientEmail);

    // Sent now: a second retry is refused.
    const again = await retryAsAdmin(message.id).expect(409);
    expect((again.body as ErrorBody).code).toBe('CONFLICT');
  });

  it('answers 404 for an unknown or malformed id, and records nothing', async () => {
    const before = ((await asAdmin('/api/v1/admin/audit-log').expect(200)).body as AuditBody).items
      .length;
    for (const id of [randomUUID(), 'not-a-message', '%7B%22%24ne%22%3Anull%7D']) {
      const response = await retryAsAdmin(id).expect(404);
      expect((response.body as ErrorBody).code).toBe('NOT_FOUND');
    }
    const after = ((await asAdmin('/api/v1/admin/audit-log').expect(200)).body as AuditBody).items
      .length;
    expect(after).toBe(before);
  });

  it('answers 400 to unknown statuses and parameters', async () => {
    const response = await asAdmin(`${MAIL}?status=bounced&sort=createdAt&pageSize=500`).expect(
      400,
    );
    expect((response.body as ErrorBody).code).toBe('VALIDATION_FAILED');
    expect(response.body).toMatchObject({
      errors: {
        status: 'status must be one of queued, sending, sent, failed',
        sort: 'sort is not a known parameter',
        pageSize: 'pageSize must be an integer between 1 and 100',
      },
    });
  });

  it('is for admins only: 401 without a token, 403 to a creator', async () => {
    const [message] = (await list()).items;
    if (!message) throw new Error('no message');
    await request(app.server).get(MAIL).expect(401);
    await request(app.server).post(`${MAIL}/${message.id}/retry`).expect(401);
    await request(app.server).get(MAIL).set('Authorization', `Bearer ${creatorToken}`).expect(403);
    await request(app.server)
      .post(`${MAIL}/${message.id}/retry`)
      .set('Authorization', `Bearer ${creatorToken}`)
      .expect(403);
  });
});
