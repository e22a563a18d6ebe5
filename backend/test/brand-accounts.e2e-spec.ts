import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import {
  AUTH,
  authTestEnv,
  cookieValue,
  CSRF_HEADERS,
  type ErrorBody,
  type SessionBody,
} from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { confirmedEntryDocument } from './support/waitlist-entry-document.js';
import { SendInvites } from '../src/invites/index.js';

const CODES = `${AUTH}/phone/codes`;
const SESSIONS = `${AUTH}/phone/sessions`;
const PROFILE = '/api/v1/brand/profile';
const JWT_SECRET = 'an-e2e-secret-for-the-brand-tests-000000';
const OPS = { sub: 'google-sub-brand-ops', email: 'ops@paylock.in', name: 'Ops Person' };
/** These tests send real SMS to the local inbox and wait for them: more than Jest's 5 s default. */
const SLOW = 30_000;
const INVITE_ONLY =
  "Paylock is invite-only during early access. Join the waitlist and we'll e-mail your invite.";

interface PhoneSessionBody extends SessionBody {
  profileRequired: boolean;
  created: boolean;
  user: SessionBody['user'] & { phone?: string };
}

/** A fresh number (and client address) per test: the limits are per number and per IP. */
let serial = 0;
function nextNumber(): { national: string; e164: string; ip: string } {
  serial += 1;
  const national = `98${String(Date.now() % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
  return { national, e164: `+91${national}`, ip: `198.51.100.${serial % 250}` };
}

function brandEnv(inbox: SmsInbox, idp: IdentityProvider, overrides: Record<string, string> = {}) {
  return authTestEnv(idp, {
    ...inbox.backendEnv,
    JWT_SECRET,
    TRUST_PROXY: 'true',
    SMS_HOURLY_BUDGET: '100000',
    ADMIN_EMAILS: OPS.email,
    ...overrides,
  });
}

describe('Brand accounts: sign-up and sign-in with a mobile number and a one-time code', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let app: TestApp;

  const askCode = (phone: string, ip: string, extra: Record<string, unknown> = {}) =>
    request(app.server)
      .post(CODES)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', ip)
      .send({ phone, purpose: 'signup', ...extra });

  const verify = (phone: string, code: string, ip: string, extra: Record<string, unknown> = {}) =>
    request(app.server)
      .post(SESSIONS)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', ip)
      .send({ phone, code, purpose: 'signup', ...extra });

  /** Asks a code for the number and reads it from the SMS inbox. */
  async function codeFor(
    number: { national: string; e164: string; ip: string },
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const before = inbox.messages().filter((sms) => sms.to === number.e164).length;
    await askCode(number.national, number.ip, extra).expect(202);
    const sms = await inbox.nextMessageTo(number.e164, { afterCount: before });
    return sms.variables.otp ?? '';
  }

  /** The resend cooldown elapsed: the number's code was sent over a minute ago. */
  async function cooldownOver(e164: string): Promise<void> {
    await app.connection
      .collection('brand_phone_codes')
      .updateMany({ phone: e164 }, { $set: { issuedAt: new Date(Date.now() - 61_000) } });
  }

  async function signedUpBrand() {
    const number = nextNumber();
    const code = await codeFor(number);
    const response = await verify(number.national, code, number.ip).expect(200);
    return { number, response, body: response.body as PhoneSessionBody };
  }

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    app = await createTestApp({ env: brandEnv(inbox, idp) });
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  }, SLOW);

  beforeEach(() => {
    inbox.fail(null);
  });

  describe('the flow', () => {
    it(
      'sends a code by SMS through the provider API and answers the same whether or not an account exists',
      async () => {
        const { number: existing } = await signedUpBrand();
        const fresh = nextNumber();
        await cooldownOver(existing.e164);
        const known = await askCode(existing.national, existing.ip, { purpose: 'login' }).expect(
          202,
        );
        const unknown = await askCode(fresh.national, fresh.ip, { purpose: 'login' }).expect(202);
        const masked = (national: string) =>
          `+91 ${national.slice(0, 2)}XXXXXX${national.slice(8)}`;
        expect(known.body).toEqual({
          success: true,
          maskedPhone: masked(existing.national),
          resendAfterSeconds: 60,
          expiresInSeconds: 600,
        });
        expect(unknown.body).toEqual({
          ...(known.body as object),
          maskedPhone: masked(fresh.national),
        });
        expect(known.headers['cache-control']).toBe('no-store');
        const sms = await inbox.nextMessageTo(fresh.e164);
        expect(sms.text).toMatch(
          /^\d{6} is your Paylock sign-in code\. It expires in 10 minutes\./,
        );
        expect(sms.sender).toBe('PAYLCK');
        // Only the HMAC of the code is stored with the number; the outbox forgets it once sent.
        const stored = await app.connection
          .collection('brand_phone_codes')
          .findOne({ phone: fresh.e164 });
        expect(JSON.stringify(stored)).not.toContain(`"${sms.variables.otp}"`);
        expect(stored?.codeHash).toMatch(/^[a-f\d]{64}$/);
        const outbox = await app.connection
          .collection('sms_outbox')
          .find({ to: fresh.e164 })
          .toArray();
        expect(outbox).toEqual([expect.objectContaining({ status: 'sent', code: null })]);
      },
      SLOW,
    );

    it(
      'creates a brand account on the first verified sign-up: the session answer, the refresh cookie, the brand role',
      async () => {
        const { response, body, number } = await signedUpBrand();
        expect(body).toMatchObject({
          success: true,
          created: true,
          profileRequired: true,
          user: { roles: ['brand'], phone: number.e164, email: '', photoURL: null },
        });
        expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
        expect(cookieValue(response, 'paylock_refresh')).toMatch(/^[\w-]{43}$/);

        const me = await request(app.server)
          .get(`${AUTH}/me`)
          .set('Authorization', `Bearer ${body.accessToken}`)
          .expect(200);
        expect(me.body).toMatchObject({ roles: ['brand'], phone: number.e164 });

        const refreshed = await request(app.server)
          .post(`${AUTH}/refresh-token`)
          .set(CSRF_HEADERS)
          .set('Cookie', `paylock_refresh=${cookieValue(response, 'paylock_refresh') ?? ''}`)
          .expect(200);
        expect((refreshed.body as SessionBody).user.roles).toEqual(['brand']);
      },
      SLOW,
    );

    it(
      'asks the company profile once, then signs the same account in',
      async () => {
        const { body, number } = await signedUpBrand();
        const auth = { Authorization: `Bearer ${body.accessToken}` };
        const before = await request(app.server).get(PROFILE).set(auth).expect(200);
        expect(before.body).toEqual({
          phone: number.e164,
          companyName: null,
          contactName: null,
          profileRequired: true,
        });
        const bad = await request(app.server)
          .put(PROFILE)
          .set(auth)
          .set(CSRF_HEADERS)
          .send({ companyName: '   ', contactName: 'M' })
          .expect(400);
        expect((bad.body as ErrorBody).errors).toEqual({
          companyName: 'Company name is required',
          contactName: 'Contact name must be at least 2 characters',
        });
        const saved = await request(app.server)
          .put(PROFILE)
          .set(auth)
          .set(CSRF_HEADERS)
          .send({ companyName: ' Chai Point Media ', contactName: 'Meera Iyer' })
          .expect(200);
        expect(saved.body).toMatchObject({
          companyName: 'Chai Point Media',
          profileRequired: false,
        });

        await cooldownOver(number.e164);
        const code = await codeFor(number, { purpose: 'login' });
        const signIn = await verify(number.national, code, number.ip, { purpose: 'login' }).expect(
          200,
        );
        expect(signIn.body).toMatchObject({
          created: false,
          profileRequired: false,
          user: { displayName: 'Meera Iyer', roles: ['brand'] },
        });
        expect(
          await app.connection.collection('brand_accounts').countDocuments({ phone: number.e164 }),
        ).toBe(1);
      },
      SLOW,
    );

    it(
      'answers a sign-in code for a number without an account with 404 (to the number’s holder only)',
      async () => {
        const number = nextNumber();
        const code = await codeFor(number, { purpose: 'login' });
        const response = await verify(number.national, code, number.ip, {
          purpose: 'login',
        }).expect(404);
        expect(response.body).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
        expect(
          await app.connection.collection('brand_accounts').countDocuments({ phone: number.e164 }),
        ).toBe(0);
      },
      SLOW,
    );

    it(
      'accepts spaces and a +91 or 0 prefix',
      async () => {
        const a = nextNumber();
        await askCode(`+91 ${a.national.slice(0, 5)} ${a.national.slice(5)}`, a.ip).expect(202);
        await inbox.nextMessageTo(a.e164);
        const b = nextNumber();
        await askCode(`0${b.national}`, b.ip).expect(202);
        await inbox.nextMessageTo(b.e164);
      },
      SLOW,
    );
  });

  describe('bad input: 400 with the field’s message, never a 500', () => {
    it.each([
      ['letters', '98765abcde', 'Please enter a valid 10-digit phone number'],
      ['9 digits', '987654321', 'Please enter a valid 10-digit phone number'],
      ['11 digits', '98765432101', 'Please enter a valid 10-digit phone number'],
      ['a first digit under 6', '5876543210', 'Please enter a valid 10-digit phone number'],
      ['a US number', '+1 415 555 0100', 'Only Indian mobile numbers (+91) can be used'],
      ['a UK number', '+447911123456', 'Only Indian mobile numbers (+91) can be used'],
      ['Devanagari digits', '९८७६५४३२१०', 'Please enter a valid 10-digit phone number'],
      ['dashes', '98765-43210', 'Please enter a valid 10-digit phone number'],
      ['nothing', '', 'Mobile number is required'],
    ])('refuses a number with %s', async (_case, phone, message) => {
      const response = await askCode(phone, nextNumber().ip).expect(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { phone: message },
      });
    });

    it.each([
      ['5 digits', '12345'],
      ['7 digits', '1234567'],
      ['a space', '123 456'],
      ['Devanagari digits', '१२३४५६'],
      ['a number', 123456],
    ])('refuses a code of %s', async (_case, code) => {
      const number = nextNumber();
      const response = await request(app.server)
        .post(SESSIONS)
        .set(CSRF_HEADERS)
        .send({ phone: number.national, code, purpose: 'signup' })
        .expect(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { code: 'Please enter the 6-digit code from the SMS' },
      });
    });

    it(
      'refuses an unknown purpose, unknown fields and a foreign origin',
      async () => {
        const number = nextNumber();
        await askCode(number.national, number.ip, { purpose: 'reset' }).expect(400);
        await askCode(number.national, number.ip, { role: 'admin' }).expect(400);
        await request(app.server)
          .post(CODES)
          .set({ ...CSRF_HEADERS, Origin: 'https://evil.example' })
          .send({ phone: number.national, purpose: 'signup' })
          .expect(403);
      },
      SLOW,
    );
  });

  describe('the code', () => {
    it(
      'refuses a wrong, a reused, an expired and another number’s code with 401',
      async () => {
        const { number } = await signedUpBrand();
        const other = nextNumber();
        const otherCode = await codeFor(other);
        await cooldownOver(number.e164);
        const code = await codeFor(number);
        const wrong = code === '000000' ? '111111' : '000000';
        for (const attempt of [wrong, otherCode]) {
          const response = await verify(number.national, attempt, number.ip).expect(401);
          expect(response.body).toMatchObject({
            code: 'INVALID_CODE',
            message:
              "That code isn't right or has expired. Please check the SMS or get a new code.",
          });
        }
        await verify(number.national, code, number.ip).expect(200);
        await verify(number.national, code, number.ip).expect(401); // used

        await app.connection
          .collection('brand_phone_codes')
          .updateMany({ phone: other.e164 }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
        await verify(other.national, otherCode, other.ip).expect(401); // expired
        // A sign-in code does not sign up, and the reverse.
        await cooldownOver(other.e164);
        const loginCode = await codeFor(other, { purpose: 'login' });
        await verify(other.national, loginCode, other.ip, { purpose: 'signup' }).expect(401);
      },
      SLOW,
    );

    it(
      'stops brute force at 5 tries per code, even for the right code after them',
      async () => {
        const number = nextNumber();
        const code = await codeFor(number);
        const wrongs = ['000000', '111111', '222222', '333333', '444444', '555555'].filter(
          (c) => c !== code,
        );
        const answers: string[] = [];
        for (const attempt of wrongs.slice(0, 5)) {
          answers.push(
            ((await verify(number.national, attempt, number.ip).expect(401)).body as ErrorBody)
              .code,
          );
        }
        expect(answers).toEqual([
          'INVALID_CODE',
          'INVALID_CODE',
          'INVALID_CODE',
          'INVALID_CODE',
          'CODE_ATTEMPTS_EXHAUSTED',
        ]);
        const right = await verify(number.national, code, number.ip).expect(401);
        expect(right.body).toMatchObject({ code: 'CODE_ATTEMPTS_EXHAUSTED' });
        expect(
          await app.connection.collection('brand_accounts').countDocuments({ phone: number.e164 }),
        ).toBe(0);
      },
      SLOW,
    );

    it(
      'makes one session of 20 simultaneous verifications of one code',
      async () => {
        const number = nextNumber();
        const code = await codeFor(number);
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => verify(number.national, code, number.ip)),
        );
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
        expect(answers.filter((answer) => answer.status === 401)).toHaveLength(19);
        expect(
          await app.connection.collection('brand_accounts').countDocuments({ phone: number.e164 }),
        ).toBe(1);
      },
      SLOW,
    );

    it(
      'replaces the old code with a new one',
      async () => {
        const number = nextNumber();
        const first = await codeFor(number);
        await cooldownOver(number.e164);
        const second = await codeFor(number);
        if (first !== second) await verify(number.national, first, number.ip).expect(401);
        await verify(number.national, second, number.ip).expect(200);
      },
      SLOW,
    );
  });

  describe('pumping and guessing defences', () => {
    it(
      'waits a minute between codes for a number (429 with Retry-After)',
      async () => {
        const number = nextNumber();
        await codeFor(number);
        const again = await askCode(number.national, nextNumber().ip).expect(429);
        expect(again.body).toMatchObject({ code: 'RESEND_TOO_SOON' });
        expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
      },
      SLOW,
    );

    it(
      'sends at most 3 codes per number in 10 minutes',
      async () => {
        const number = nextNumber();
        for (let sent = 0; sent < 3; sent += 1) {
          await codeFor({ ...number, ip: nextNumber().ip });
          await cooldownOver(number.e164);
        }
        const fourth = await askCode(number.national, nextNumber().ip).expect(429);
        expect(fourth.body).toMatchObject({ code: 'TOO_MANY_CODES' });
        expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
        expect(inbox.messages().filter((sms) => sms.to === number.e164)).toHaveLength(3);
      },
      SLOW,
    );

    it(
      'asks a client IP past its 10 codes an hour for a solved challenge (428), not a refusal',
      async () => {
        const ip = '203.0.113.99';
        for (let sent = 0; sent < 10; sent += 1) {
          await askCode(nextNumber().national, ip).expect(202);
        }
        const over = await askCode(nextNumber().national, ip).expect(428);
        expect(over.body).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
      },
      SLOW,
    );

    it(
      'tells the person to try again when the provider is down, and keeps nothing',
      async () => {
        for (const failure of [{ status: 503 }, { drop: true as const }, { status: 401 }]) {
          const number = nextNumber();
          inbox.fail(failure);
          const response = await askCode(number.national, number.ip).expect(503);
          expect(response.body).toMatchObject({
            code: 'CODE_NOT_SENT',
            message: "We couldn't send the code, try again.",
          });
          expect(
            await app.connection
              .collection('brand_phone_codes')
              .countDocuments({ phone: number.e164 }),
          ).toBe(0);
          const outbox = await app.connection
            .collection('sms_outbox')
            .find({ to: number.e164 })
            .toArray();
          expect(outbox).toEqual([expect.objectContaining({ code: null })]);
          expect(['withdrawn', 'failed']).toContain(outbox[0]?.status);
          inbox.fail(null);
          // Nothing was kept: the person may ask again at once, and this one arrives.
          await codeFor(number);
        }
      },
      SLOW,
    );
  });

  describe('roles', () => {
    it(
      'refuses a creator on brand routes, and a brand on creator and admin routes (403)',
      async () => {
        idp.setNextIdentity({
          sub: 'google-sub-creator-b',
          email: 'creator.b@gmail.com',
          name: 'Creator B',
        });
        const credential = await idp.issueIdToken();
        const creator = await request(app.server)
          .post(`${AUTH}/register`)
          .send({ credential })
          .expect(201);
        const creatorToken = (creator.body as SessionBody).accessToken;
        const refused = await request(app.server)
          .get(PROFILE)
          .set('Authorization', `Bearer ${creatorToken}`)
          .expect(403);
        expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });

        const { body } = await signedUpBrand();
        for (const path of ['/api/v1/admin/waitlist/overview', '/api/v1/admin/audit-log']) {
          await request(app.server)
            .get(path)
            .set('Authorization', `Bearer ${body.accessToken}`)
            .expect(403);
        }
        await request(app.server).get(PROFILE).expect(401);
      },
      SLOW,
    );
  });
});

describe('Brand accounts in SIGNUP_MODE=invite, and the SMS budget', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let app: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    app = await createTestApp({
      env: brandEnv(inbox, idp, { SIGNUP_MODE: 'invite', SMS_HOURLY_BUDGET: '10' }),
    });
    idp.setNextIdentity(OPS);
    const credential = await idp.issueIdToken();
    const admin = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    adminToken = (admin.body as SessionBody).accessToken;
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  }, SLOW);

  const askCode = (phone: string, extra: Record<string, unknown> = {}) =>
    request(app.server)
      .post(CODES)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', nextNumber().ip)
      .send({ phone, purpose: 'signup', ...extra });

  it(
    'refuses a brand sign-up without an invite with the invite-only text, told only with the code',
    async () => {
      const number = nextNumber();
      await askCode(number.national).expect(202);
      const code = (await inbox.nextMessageTo(number.e164)).variables.otp ?? '';
      const response = await request(app.server)
        .post(SESSIONS)
        .set(CSRF_HEADERS)
        .send({ phone: number.national, code, purpose: 'signup' })
        .expect(403);
      expect(response.body).toMatchObject({ code: 'INVITE_REQUIRED', message: INVITE_ONLY });
    },
    SLOW,
  );

  it(
    'signs up a brand waitlist entry with its invite, for its own number only',
    async () => {
      const number = nextNumber();
      await app.connection.collection('waitlist_entries').insertOne(
        confirmedEntryDocument(1, {
          userType: 'brand',
          email: 'brand1@example.com',
          phone: number.national,
          phoneE164: number.e164,
        }),
      );
      await request(app.server)
        .post('/api/v1/admin/invites/next')
        .set('Authorization', `Bearer ${adminToken}`)
        .set(CSRF_HEADERS)
        .send({ count: 1 })
        .expect(200);
      await app.app.get(SendInvites).whenMarked();
      const mail = await app.connection
        .collection('outbox')
        .findOne({ 'to.email': 'brand1@example.com', kind: 'early-access-invite' });
      const inviteUrl = new URL((mail?.data as { inviteUrl: string }).inviteUrl);
      // A brand-side entry's invite opens the register page's Brand tab.
      expect(inviteUrl.pathname).toBe('/register');
      expect(inviteUrl.searchParams.get('as')).toBe('brand');
      const invite = inviteUrl.searchParams.get('invite') ?? '';

      // Another number with this invite is refused (at verification: "Get OTP" tells nothing).
      const stranger = nextNumber();
      await askCode(stranger.national, { invite }).expect(202);
      const strangerCode = (await inbox.nextMessageTo(stranger.e164)).variables.otp ?? '';
      await request(app.server)
        .post(SESSIONS)
        .set(CSRF_HEADERS)
        .send({ phone: stranger.national, code: strangerCode, purpose: 'signup', invite })
        .expect(403);

      await askCode(number.national, { invite }).expect(202);
      const code = (await inbox.nextMessageTo(number.e164)).variables.otp ?? '';
      const session = await request(app.server)
        .post(SESSIONS)
        .set(CSRF_HEADERS)
        .send({ phone: number.national, code, purpose: 'signup', invite })
        .expect(200);
      expect(session.body).toMatchObject({ created: true, user: { roles: ['brand'] } });
      const entry = await app.connection
        .collection('waitlist_entries')
        .findOne({ phoneE164: number.e164 });
      expect(entry?.status).toBe('joined');
      const stored = await app.connection
        .collection('invites')
        .findOne({ entryId: entry?._id.toHexString() });
      expect(stored?.redeemedAt).toBeInstanceOf(Date);
    },
    SLOW,
  );

  it(
    'asks for a challenge above the general share of the hourly SMS budget (428, not 503) and shows admins the alerts',
    async () => {
      // Of the budget of 10, 6 are the general share; the invite tests spent 3 of them.
      const sent: number[] = [];
      let refused: request.Response | undefined;
      for (let asked = 0; asked < 6 && !refused; asked += 1) {
        const response = await askCode(nextNumber().national, { purpose: 'login' });
        if (response.status === 202) sent.push(asked);
        else refused = response;
      }
      expect(sent).toHaveLength(3);
      expect(refused?.status).toBe(428);
      expect(refused?.body).toMatchObject({ code: 'CHALLENGE_REQUIRED' });

      const overview = await request(app.server)
        .get('/api/v1/admin/waitlist/overview')
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(200);
      expect((overview.body as { smsBudget: unknown }).smsBudget).toMatchObject({
        hourlyBudget: 10,
        sentLastHour: 6,
        exhausted: true,
        lastExhaustedAt: expect.any(String) as unknown,
        lastHalfSpentAt: expect.any(String) as unknown,
      });
    },
    SLOW,
  );
});
