import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import { AUTH, authTestEnv, CSRF_HEADERS, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms } from './support/deal-fixtures.js';
import { FakePayoutAccounts } from './support/fake-payment-gateway.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';

const DEALS = '/api/v1/deals';
const BRAND_DEALS = '/api/v1/brand/deals';
const REVIEW = '/api/v1/deal-review';
const CODES = `${AUTH}/phone/codes`;
const SESSIONS = `${AUTH}/phone/sessions`;
const CREATOR = { sub: 'google-brandws-asha', email: 'asha@paylock.in', name: 'Asha Rao' };
const SLOW = 30_000;
const INVITE_ONLY =
  "Paylock is invite-only during early access. Join the waitlist and we'll e-mail your invite.";

interface BrandDealBody {
  id: string;
  title: string;
  state: string;
  creatorName: string;
  totalPaise: number;
  milestoneCount: number;
  sentAt: string;
}

/** A fresh number (and client address) per test: the code limits are per number and per IP. */
let serial = 0;
function nextNumber(): { national: string; e164: string; ip: string } {
  serial += 1;
  const national = `97${String(Date.now() % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
  return { national, e164: `+91${national}`, ip: `203.0.113.${String(serial % 250)}` };
}

/**
 * The brand workspace's deals over HTTP (#25): in SIGNUP_MODE=invite a number a creator sent a deal
 * to may sign up as a brand; the brand lists the deals sent to its number and gets a fresh review
 * link for each, which the review operations take like the e-mailed one.
 */
describe('The brand workspace: deals sent to the brand’s number', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let app: TestApp;
  let creator: string;

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function sendDeal(mobile: string, overrides: Record<string, unknown> = {}) {
    const base = dealTerms();
    const created = await request(app.server)
      .post(DEALS)
      .set(as(creator))
      .send({
        ...base,
        ...overrides,
        brand: { ...(base.brand as Record<string, string>), contactMobile: mobile },
      })
      .expect(201);
    const id = (created.body as { id: string }).id;
    await request(app.server).post(`${DEALS}/${id}/send`).set(as(creator)).expect(200);
    return id;
  }

  const askCode = (number: { national: string; ip: string }) =>
    request(app.server)
      .post(CODES)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', number.ip)
      .send({ phone: number.national, purpose: 'signup' });

  /** Signs the number up as a brand (its code read from the local SMS inbox); its access token. */
  async function signUpBrand(number: { national: string; e164: string; ip: string }) {
    await askCode(number).expect(202);
    const code = (await inbox.nextMessageTo(number.e164)).variables.otp ?? '';
    const session = await request(app.server)
      .post(SESSIONS)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', number.ip)
      .send({ phone: number.national, code, purpose: 'signup' })
      .expect(200);
    expect(session.body).toMatchObject({ created: true, user: { roles: ['brand'] } });
    return (session.body as SessionBody).accessToken;
  }

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        SIGNUP_MODE: 'invite',
        TRUST_PROXY: 'true',
        SMS_HOURLY_BUDGET: '100000',
        // An admin may sign up without an invite: the creator here is one.
        ADMIN_EMAILS: CREATOR.email,
        RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
      }),
      // Sending needs a verified payout profile (#26): the creator here has one.
      configure: (builder) =>
        builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts()),
    });
    const credential = await idp.issueIdToken(CREATOR);
    const response = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    creator = (response.body as SessionBody).accessToken;
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  }, SLOW);

  it(
    'refuses, in invite mode, a number no deal was sent to (nor a draft’s), with the invite-only text',
    async () => {
      const number = nextNumber();
      // A draft was never sent: it invites nobody.
      await request(app.server)
        .post(DEALS)
        .set(as(creator))
        .send({
          ...dealTerms(),
          brand: { ...(dealTerms().brand as object), contactMobile: number.national },
        })
        .expect(201);
      // "Get OTP" answers alike for every number (#36 L5); the code's holder is refused.
      await askCode(number).expect(202);
      const code = (await inbox.nextMessageTo(number.e164)).variables.otp ?? '';
      const response = await request(app.server)
        .post(SESSIONS)
        .set(CSRF_HEADERS)
        .set('X-Forwarded-For', number.ip)
        .send({ phone: number.national, code, purpose: 'signup' })
        .expect(403);
      expect(response.body).toMatchObject({ code: 'INVITE_REQUIRED', message: INVITE_ONLY });
    },
    SLOW,
  );

  it(
    'lets the number a deal was sent to sign up, lists its deals newest first, and accepts one through a workspace review link',
    async () => {
      const number = nextNumber();
      const first = await sendDeal(number.national, { title: 'Holi reel' });
      const second = await sendDeal(`${number.national.slice(0, 5)} ${number.national.slice(5)}`, {
        title: 'Diwali reel',
      });
      const elsewhere = await sendDeal(nextNumber().national, { title: 'Someone else’s' });

      const brand = await signUpBrand(number);
      const listed = await request(app.server).get(BRAND_DEALS).set(as(brand)).expect(200);
      expect(listed.headers['cache-control']).toBe('no-store');
      const items = (listed.body as { items: BrandDealBody[] }).items;
      expect(items.map((deal) => deal.id)).toEqual([second, first]);
      expect(items[0]).toMatchObject({
        title: 'Diwali reel',
        state: 'sent',
        creatorName: CREATOR.name,
        totalPaise: 12500000,
        milestoneCount: 3,
      });

      // Another brand's deal is not found, like one that does not exist.
      for (const id of [elsewhere, 'no-such-deal']) {
        const refused = await request(app.server)
          .post(`${BRAND_DEALS}/${id}/review-link`)
          .set(as(brand))
          .set(CSRF_HEADERS)
          .expect(404);
        expect(refused.body).toMatchObject({ code: 'DEAL_NOT_FOUND' });
      }

      const link = await request(app.server)
        .post(`${BRAND_DEALS}/${second}/review-link`)
        .set(as(brand))
        .set(CSRF_HEADERS)
        .expect(200);
      const { token, expiresAt } = link.body as { token: string; expiresAt: string };
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60 * 60_000);

      const opened = await request(app.server).post(`${REVIEW}/open`).send({ token }).expect(200);
      expect(opened.body).toMatchObject({ dealId: second, title: 'Diwali reel' });
      await request(app.server)
        .post(`${REVIEW}/accept`)
        .send({ token, fullName: 'Priya Mehta', agreed: true })
        .expect(200);
      // Single use, as the e-mailed link.
      await request(app.server)
        .post(`${REVIEW}/decline`)
        .send({ token })
        .expect((response) => {
          expect(response.status).toBeGreaterThanOrEqual(400);
        });

      const after = await request(app.server).get(BRAND_DEALS).set(as(brand)).expect(200);
      expect(
        (after.body as { items: BrandDealBody[] }).items.map(({ id, state }) => ({ id, state })),
      ).toEqual([
        { id: second, state: 'accepted' },
        { id: first, state: 'sent' },
      ]);
    },
    SLOW,
  );

  it(
    'keeps creators out of brand routes and brands out of creator routes (403)',
    async () => {
      const number = nextNumber();
      await sendDeal(number.national);
      const brand = await signUpBrand(number);

      for (const call of [
        request(app.server).get(BRAND_DEALS).set(as(creator)),
        request(app.server)
          .post(`${BRAND_DEALS}/any/review-link`)
          .set(as(creator))
          .set(CSRF_HEADERS),
        request(app.server).get('/api/v1/brand/profile').set(as(creator)),
      ]) {
        const response = await call.expect(403);
        expect(response.body).toMatchObject({ code: 'FORBIDDEN' });
      }
      for (const call of [
        request(app.server).get(DEALS).set(as(brand)),
        request(app.server).get(`${DEALS}/overview`).set(as(brand)),
        request(app.server).post(DEALS).set(as(brand)).send(dealTerms()),
      ]) {
        const response = await call.expect(403);
        expect(response.body).toMatchObject({ code: 'FORBIDDEN' });
      }
      await request(app.server).get(BRAND_DEALS).expect(401);
    },
    SLOW,
  );
});
