import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import { NotificationsWorker } from '../src/notifications/index.js';
import { AUTH, authTestEnv, CSRF_HEADERS, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms } from './support/deal-fixtures.js';
import { FakePayoutAccounts } from './support/fake-payment-gateway.js';
import { InMemoryOutbox } from './support/in-memory-outbox.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';

const DEALS = '/api/v1/deals';
const BRAND_DEALS = '/api/v1/brand/deals';
const NOTIFICATIONS = '/api/v1/notifications';
const CREATOR = {
  sub: 'google-ntf-brand-asha',
  email: 'asha.brandntf@creators.in',
  name: 'Asha Rao',
};
const SLOW = 60_000;

interface NoticePage {
  items: { id: string; kind: string; dealId: string; title: string; actionPath: string }[];
  nextCursor: string | null;
  unread: number;
}

let serial = 0;
function nextNumber(): { national: string; e164: string; ip: string } {
  serial += 1;
  const national = `95${String(Date.now() % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
  return { national, e164: `+91${national}`, ip: `203.0.113.${String(10 + serial)}` };
}

/**
 * A brand workspace's bell and notifications page (#39) over HTTP: two brands signed in by phone
 * (the local SMS inbox), each accepting its own deal; each sees only its own deals' notices.
 */
describe('A brand’s notifications (#39)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let app: TestApp;
  let creator: string;
  const outbox = new InMemoryOutbox();
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const pass = () => app.app.get(NotificationsWorker).runOnce();

  async function signUpBrand(number: ReturnType<typeof nextNumber>): Promise<string> {
    await request(app.server)
      .post(`${AUTH}/phone/codes`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', number.ip)
      .send({ phone: number.national, purpose: 'signup' })
      .expect(202);
    const code = (await inbox.nextMessageTo(number.e164)).variables.otp ?? '';
    const session = await request(app.server)
      .post(`${AUTH}/phone/sessions`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', number.ip)
      .send({ phone: number.national, code, purpose: 'signup' })
      .expect(200);
    return (session.body as SessionBody).accessToken;
  }

  /** A deal sent to the brand's number, accepted from its workspace. */
  async function dealAcceptedBy(brand: string, mobile: string, title: string): Promise<string> {
    const base = dealTerms({ title });
    const created = await request(app.server)
      .post(DEALS)
      .set(as(creator))
      .send({
        ...base,
        brand: { ...(base.brand as Record<string, string>), contactMobile: mobile },
      })
      .expect(201);
    const dealId = (created.body as { id: string }).id;
    await request(app.server).post(`${DEALS}/${dealId}/send`).set(as(creator)).expect(200);
    const link = await request(app.server)
      .post(`${BRAND_DEALS}/${dealId}/review-link`)
      .set(as(brand))
      .set(CSRF_HEADERS)
      .expect(200);
    await request(app.server)
      .post('/api/v1/deal-review/accept')
      .send({
        token: (link.body as { token: string }).token,
        fullName: 'Priya Mehta',
        agreed: true,
      })
      .expect(200);
    return dealId;
  }

  const bell = async (token: string): Promise<NoticePage> =>
    (await request(app.server).get(NOTIFICATIONS).set(as(token)).expect(200)).body as NoticePage;

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([startIdentityProvider(), startSmsInbox()]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        TRUST_PROXY: 'true',
        SMS_HOURLY_BUDGET: '100000',
      }),
      outbox,
      configure: (builder) => {
        builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts());
      },
    });
    const credential = await idp.issueIdToken(CREATOR);
    creator = (
      (await request(app.server).post(`${AUTH}/register`).send({ credential }).expect(201))
        .body as SessionBody
    ).accessToken;
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop()]);
  }, SLOW);

  it(
    'shows each brand only its own deals’ notices, and keeps its preferences apart',
    async () => {
      await pass(); // the follower starts here
      const [first, second] = [nextNumber(), nextNumber()];
      const glow = await signUpBrand(first);
      const chai = await signUpBrand(second);
      const glowDeal = await dealAcceptedBy(glow, first.national, 'Glow reel');
      const chaiDeal = await dealAcceptedBy(chai, second.national, 'Chai reel');
      await pass();

      const glowBell = await bell(glow);
      const chaiBell = await bell(chai);
      expect(glowBell.items.map(({ kind, dealId }) => [kind, dealId])).toEqual([
        ['funding_due', glowDeal],
      ]);
      expect(chaiBell.items.map(({ kind, dealId }) => [kind, dealId])).toEqual([
        ['funding_due', chaiDeal],
      ]);
      expect(glowBell.items[0]).toMatchObject({
        title: 'Fund "Signing" (₹25,000.00)',
        actionPath: '/brand/deals',
      });
      expect(glowBell.unread).toBe(1);
      // The creator's notices are not the brand's, and the brand's not the creator's.
      expect((await bell(creator)).items.map(({ dealId }) => dealId).sort()).toEqual(
        [glowDeal, chaiDeal].sort(),
      );

      // Another brand's notice cannot be marked read; its id is not a cursor of this list.
      const chaiNotice = chaiBell.items[0]?.id ?? '';
      const refused = await request(app.server)
        .post(`${NOTIFICATIONS}/${chaiNotice}/read`)
        .set(as(glow))
        .expect(200);
      expect(refused.body).toEqual({ marked: 0, unread: 1 });
      expect((await bell(chai)).unread).toBe(1);
      await request(app.server)
        .get(`${NOTIFICATIONS}?cursor=${chaiNotice}`)
        .set(as(glow))
        .expect(400);

      // The same preferences as a creator's, per brand.
      await request(app.server)
        .put(`${NOTIFICATIONS}/preferences`)
        .set(as(glow))
        .send({ remindersByEmail: true, remindersBySms: false })
        .expect(200);
      const glowPreferences = await request(app.server)
        .get(`${NOTIFICATIONS}/preferences`)
        .set(as(glow))
        .expect(200);
      expect(glowPreferences.body).toEqual({ remindersByEmail: true, remindersBySms: false });
      const chaiPreferences = await request(app.server)
        .get(`${NOTIFICATIONS}/preferences`)
        .set(as(chai))
        .expect(200);
      expect(chaiPreferences.body).toEqual({ remindersByEmail: true, remindersBySms: true });
    },
    SLOW,
  );
});
