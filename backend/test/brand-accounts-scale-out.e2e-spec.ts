import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import { AUTH, CSRF_HEADERS } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';

const SLOW = 30_000;
const CODES = `${AUTH}/phone/codes`;
const SESSIONS = `${AUTH}/phone/sessions`;

/** Two API instances on one database: the code store and the limits are theirs together. */
describe('Brand codes over two instances', () => {
  let inbox: SmsInbox;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    inbox = await startSmsInbox();
    const env = {
      ...inbox.backendEnv,
      PUBLIC_URL: 'http://localhost:5173',
      TRUST_PROXY: 'true',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      OTP_SECRETS: 'a-scale-out-otp-secret-shared-by-both-0123456789',
    };
    apps = [await createTestApp({ env }), await createTestApp({ env })];
  }, SLOW);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await inbox.stop();
  }, SLOW);

  /** Instance 0 or 1. */
  const server = (instance: number) => {
    const app = apps[instance % 2];
    if (!app) throw new Error('no such instance');
    return app.server;
  };

  const ask = (instance: number, phone: string, ip: string) =>
    request(server(instance))
      .post(CODES)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', ip)
      .send({ phone, purpose: 'signup' });

  it(
    'makes one session of 20 verifications of one code spread over both instances',
    async () => {
      await ask(0, '9811100001', '198.51.100.1').expect(202);
      const code = (await inbox.nextMessageTo('+919811100001')).variables.otp;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          request(server(n))
            .post(SESSIONS)
            .set(CSRF_HEADERS)
            .send({ phone: '9811100001', code, purpose: 'signup' }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 401)).toHaveLength(19);
      const accounts = await apps[0]?.connection
        .collection('brand_accounts')
        .countDocuments({ phone: '+919811100001' });
      expect(accounts).toBe(1);
    },
    SLOW,
  );

  it(
    'counts five tries of a code over both instances together',
    async () => {
      await ask(1, '9811100002', '198.51.100.2').expect(202);
      const code = (await inbox.nextMessageTo('+919811100002')).variables.otp;
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          request(server(n))
            .post(SESSIONS)
            .set(CSRF_HEADERS)
            .send({ phone: '9811100002', code: wrong, purpose: 'signup' }),
        ),
      );
      const codes = answers.map((answer) => (answer.body as { code: string }).code);
      expect(codes.filter((c) => c === 'INVALID_CODE')).toHaveLength(4);
      expect(codes.filter((c) => c === 'CODE_ATTEMPTS_EXHAUSTED')).toHaveLength(6);
    },
    SLOW,
  );

  it(
    'enforces the resend cooldown and the per-IP limit (past it, the proof-of-work challenge) across both instances',
    async () => {
      const racing = await Promise.all([
        ask(0, '9811100003', '198.51.100.3'),
        ask(1, '9811100003', '198.51.100.4'),
      ]);
      expect(racing.map((answer) => answer.status).sort()).toEqual([202, 429]);

      const ip = '203.0.113.50';
      const statuses: number[] = [];
      for (let n = 0; n < 12; n += 1) {
        statuses.push((await ask(n % 2, `98222${String(n).padStart(5, '0')}`, ip)).status);
      }
      expect(statuses.filter((status) => status === 202)).toHaveLength(10);
      // A client address past its hourly codes is asked for a solved challenge, not refused (#36):
      // a stranger behind the same address must not lock the owner out.
      expect(statuses.slice(10)).toEqual([428, 428]);
    },
    SLOW,
  );
});
