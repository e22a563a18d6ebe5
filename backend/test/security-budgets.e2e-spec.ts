import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import request from 'supertest';
import { AUTH, authTestEnv, CSRF_HEADERS, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { type MailDevServer, startMailDev } from './support/maildev.js';
import { waitlistSubmission } from './support/waitlist-submission.js';

const CODES = `${AUTH}/phone/codes`;
const SESSIONS = `${AUTH}/phone/sessions`;
const JWT_SECRET = 'an-e2e-secret-for-the-budget-tests-0000';
const SLOW = 60_000;

/** A fresh number per test; the limits are per (number, client network). */
let serial = 0;
function nextNumber(): { national: string; e164: string } {
  serial += 1;
  const national = `97${String(Date.now() % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
  return { national, e164: `+91${national}` };
}

/** What the browser does on a 428: fetch a challenge, solve it, send the proof. */
async function solvedProofFrom(app: TestApp): Promise<string> {
  const answer = await request(app.server).get(`${AUTH}/phone/challenges`).expect(200);
  const challenge = answer.body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Client addresses: the owner's network, and strangers' addresses on other networks. */
const OWNER_IP = '198.51.100.10';
const stranger = (network: number, host = 1) => `203.0.${network}.${host}`;

/**
 * Issue #36 item 2: limits that strangers can spend never lock out the real person. Each test
 * spends a budget from other client addresses and checks the owner still gets through, with
 * real SMS to the local inbox.
 */
describe('per-client budgets a stranger cannot spend for the owner (#36): sign-in codes', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let app: TestApp;

  const askCode = (phone: string, ip: string, extra: Record<string, unknown> = {}) =>
    request(app.server)
      .post(CODES)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', ip)
      .send({ phone, purpose: 'login', ...extra });

  /** The resend cooldown elapsed: the number's code was sent over a minute ago. */
  async function cooldownOver(e164: string): Promise<void> {
    await app.connection
      .collection('brand_phone_codes')
      .updateMany({ phone: e164 }, { $set: { issuedAt: new Date(Date.now() - 61_000) } });
  }

  const smsTo = (e164: string) => inbox.messages().filter((sms) => sms.to === e164);

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        JWT_SECRET,
        TRUST_PROXY: 'true',
        SMS_HOURLY_BUDGET: '100000',
      }),
    });
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  }, SLOW);

  it(
    'M1: a stranger spending the number’s 10-minute quota from another network does not stop the owner',
    async () => {
      const owner = nextNumber();
      for (let host = 1; host <= 3; host += 1) {
        await askCode(owner.national, stranger(113, host)).expect(202);
        await cooldownOver(owner.e164);
      }
      const strangerAgain = await askCode(owner.national, stranger(113, 9)).expect(429);
      expect(strangerAgain.body).toMatchObject({ code: 'TOO_MANY_CODES' });

      await askCode(owner.national, OWNER_IP).expect(202);
      await inbox.nextMessageTo(owner.e164, { afterCount: 3 });
    },
    SLOW,
  );

  it(
    'M1: a stranger spending the day’s quota from many networks does not stop the owner',
    async () => {
      const owner = nextNumber();
      for (let network = 1; network <= 10; network += 1) {
        await askCode(owner.national, stranger(network)).expect(202);
        await cooldownOver(owner.e164);
      }
      await askCode(owner.national, OWNER_IP).expect(202);
      await inbox.nextMessageTo(owner.e164, { afterCount: 10 });
    },
    SLOW,
  );

  it(
    'a stranger behind the owner’s shared address spending its codes gets the owner a challenge, not a lockout',
    async () => {
      const shared = '100.64.0.7'; // carrier-grade NAT: one address, many people
      for (let sent = 0; sent < 10; sent += 1) {
        await askCode(nextNumber().national, shared).expect(202);
      }
      const owner = nextNumber();
      const asked = await askCode(owner.national, shared).expect(428);
      expect(asked.body).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
      await askCode(owner.national, shared, { proof: await solvedProofFrom(app) }).expect(202);
      await inbox.nextMessageTo(owner.e164);
    },
    SLOW,
  );

  it(
    'M1: a parallel burst for one number sends one SMS and spends one slot of its quota',
    async () => {
      const owner = nextNumber();
      const burst = await Promise.all(
        Array.from({ length: 8 }, (_, host) => askCode(owner.national, stranger(113, 100 + host))),
      );
      expect(burst.filter((answer) => answer.status === 202)).toHaveLength(1);
      expect(burst.filter((answer) => answer.status === 429)).toHaveLength(7);
      await inbox.nextMessageTo(owner.e164);
      // Two more codes from the same network fit in its quota of 3 per 10 minutes.
      for (let more = 0; more < 2; more += 1) {
        await cooldownOver(owner.e164);
        await askCode(owner.national, stranger(113, 120 + more)).expect(202);
      }
      expect(smsTo(owner.e164)).toHaveLength(3);
    },
    SLOW,
  );
});

describe('per-client budgets (#36), invite mode: "Get OTP" for a sign-up tells nothing', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let app: TestApp;

  const askSignUp = (phone: string) =>
    request(app.server)
      .post(CODES)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', OWNER_IP)
      .send({ phone, purpose: 'signup' });

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        JWT_SECRET,
        TRUST_PROXY: 'true',
        SIGNUP_MODE: 'invite',
        SMS_HOURLY_BUDGET: '100000',
      }),
    });
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  }, SLOW);

  it(
    'L5: answers alike whether or not a creator sent a deal to the number; only the code tells',
    async () => {
      const invited = nextNumber();
      const uninvited = nextNumber();
      // A deal a creator sent to `invited` (what BrandDealInvitations looks for).
      await app.connection.collection('deals').insertOne({
        state: 'declined',
        sentAt: new Date(),
        brand: { contactMobile: invited.national },
      });
      const withDeal = await askSignUp(invited.national);
      const withoutDeal = await askSignUp(uninvited.national);
      expect(withoutDeal.status).toBe(withDeal.status);
      expect(withDeal.status).toBe(202);
      const masked = (national: string) => `+91 ${national.slice(0, 2)}XXXXXX${national.slice(8)}`;
      expect({ ...withoutDeal.body, maskedPhone: masked(invited.national) }).toEqual(withDeal.body);

      // The number's holder learns it at verification, with the code only they received.
      const code = (await inbox.nextMessageTo(uninvited.e164)).variables.otp;
      const refused = await request(app.server)
        .post(SESSIONS)
        .set(CSRF_HEADERS)
        .send({ phone: uninvited.national, code, purpose: 'signup' })
        .expect(403);
      expect(refused.body).toMatchObject({ code: 'INVITE_REQUIRED' });
      const invitedCode = (await inbox.nextMessageTo(invited.e164)).variables.otp;
      await request(app.server)
        .post(SESSIONS)
        .set(CSRF_HEADERS)
        .send({ phone: invited.national, code: invitedCode, purpose: 'signup' })
        .expect(200);
    },
    SLOW,
  );
});

describe('per-client budgets (#36): the waitlist’s "already registered" answers', () => {
  const WAITLIST = '/api/v1/extra/waitlist';
  /** A college, an office or carrier-grade NAT: many people behind one address. */
  const SHARED = '198.51.100.77';
  let app: TestApp;
  let mailDev: MailDevServer;

  const join = (body: object, ip = SHARED) =>
    request(app.server).post(WAITLIST).set('X-Forwarded-For', ip).send(body);

  beforeAll(async () => {
    mailDev = await startMailDev();
    app = await createTestApp({
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_WAITLIST_PER_MINUTE: '1000',
        RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR: '5',
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
      },
    });
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await mailDev.stop();
  }, SLOW);

  it(
    'a stranger spending the budget from a shared address does not stop a new person there; the owner is told',
    async () => {
      const owner = waitlistSubmission(7001);
      await join(owner, '192.0.2.1').expect(201);
      // The stranger re-submits the owner's phone with other details until the budget is spent.
      for (let probe = 0; probe < 5; probe += 1) {
        await join(waitlistSubmission(7100 + probe, { phoneNumber: owner.phoneNumber })).expect(
          409,
        );
      }
      const probe = await join(waitlistSubmission(7199, { phoneNumber: owner.phoneNumber }));
      const newcomer = waitlistSubmission(7002);
      const joined = await join(newcomer);
      expect(joined.status).toBe(202);
      expect(probe.status).toBe(202);
      const bodyOf = (answer: request.Response, email: string) =>
        JSON.stringify(answer.body).replaceAll(email, '<email>');
      const maskedOf = (answer: request.Response) =>
        (answer.body as { data: { email: string } }).data.email;
      expect(bodyOf(joined, maskedOf(joined))).toBe(bodyOf(probe, maskedOf(probe)));
      expect(joined.body).toEqual({
        success: true,
        message: `Thank you! Please check your e-mail at ${maskedOf(joined)} for the next step.`,
        data: { status: 'check_email', email: maskedOf(joined) },
      });

      // The new person joined and got the link that confirms the place.
      const confirmation = await mailDev.inbox.waitForMailTo(newcomer.email, {
        subject: 'Confirm your place on the Paylock waitlist',
      });
      expect(confirmation.text).toMatch(/confirm/i);
      // The owner of the taken phone is told someone tried, once.
      const notice = await mailDev.inbox.waitForMailTo(owner.email, {
        subject: 'Someone tried to join the Paylock waitlist with your details',
      });
      expect(notice.text).toContain('your phone number');
      // The stranger's own address learnt nothing.
      expect(await mailDev.inbox.to(waitlistSubmission(7199).email)).toEqual([]);
    },
    SLOW,
  );
});

describe('per-client budgets (#36): the hourly SMS budget is no kill switch', () => {
  const OPS = { sub: 'google-sub-budget-ops', email: 'ops-budget@paylock.in', name: 'Ops' };
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let app: TestApp;

  const askCode = (phone: string, ip: string, extra: Record<string, unknown> = {}) =>
    request(app.server)
      .post(CODES)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', ip)
      .send({ phone, purpose: 'login', ...extra });

  const verify = (phone: string, code: string, purpose: 'signup' | 'login') =>
    request(app.server)
      .post(SESSIONS)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', OWNER_IP)
      .send({ phone, code, purpose });

  const solvedProof = () => solvedProofFrom(app);

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        JWT_SECRET,
        TRUST_PROXY: 'true',
        // Shares: 6 general, 2 for numbers with an account, 2 for challenged ones.
        SMS_HOURLY_BUDGET: '10',
        ADMIN_EMAILS: OPS.email,
      }),
    });
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  }, SLOW);

  it(
    'M2: a stranger spending the budget from many addresses stops neither a known brand nor an unknown number (a challenge, not 503)',
    async () => {
      const brand = nextNumber();
      await askCode(brand.national, OWNER_IP, { purpose: 'signup' }).expect(202);
      const signUpCode = (await inbox.nextMessageTo(brand.e164)).variables.otp ?? '';
      await verify(brand.national, signUpCode, 'signup').expect(200);

      // The stranger asks codes for numbers of their own from many addresses.
      const answers: number[] = [];
      for (let network = 1; network <= 8; network += 1) {
        answers.push((await askCode(nextNumber().national, stranger(network))).status);
      }
      expect(answers).toEqual([202, 202, 202, 202, 202, 428, 428, 428]);

      // The brand (and anyone else) is asked for the same harder step: a challenge, not a 503.
      await app.connection
        .collection('brand_phone_codes')
        .updateMany({ phone: brand.e164 }, { $set: { issuedAt: new Date(Date.now() - 61_000) } });
      const asked = await askCode(brand.national, OWNER_IP).expect(428);
      expect(asked.body).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
      const proof = await solvedProof();
      await askCode(brand.national, OWNER_IP, { proof }).expect(202);
      const code = (await inbox.nextMessageTo(brand.e164, { afterCount: 1 })).variables.otp ?? '';
      const session = await verify(brand.national, code, 'login').expect(200);
      expect((session.body as SessionBody).user.roles).toEqual(['brand']);

      // An unknown number passes after solving its own challenge; a proof works once.
      const newcomer = nextNumber();
      await askCode(newcomer.national, OWNER_IP).expect(428);
      const newcomerProof = await solvedProof();
      await askCode(newcomer.national, OWNER_IP, { proof: newcomerProof }).expect(202);
      await inbox.nextMessageTo(newcomer.e164);
      const reused = await askCode(nextNumber().national, '192.0.2.50', { proof: newcomerProof });
      expect(reused.status).toBe(428);

      // Admins were alerted at half the budget, and when the general share ran out.
      idp.setNextIdentity(OPS);
      const admin = await request(app.server)
        .post(`${AUTH}/register`)
        .send({ credential: await idp.issueIdToken() })
        .expect(201);
      const overview = await request(app.server)
        .get('/api/v1/admin/waitlist/overview')
        .set('Authorization', `Bearer ${(admin.body as SessionBody).accessToken}`)
        .expect(200);
      expect((overview.body as { smsBudget: unknown }).smsBudget).toMatchObject({
        hourlyBudget: 10,
        exhausted: true,
        lastHalfSpentAt: expect.any(String) as unknown,
      });
    },
    SLOW,
  );
});
