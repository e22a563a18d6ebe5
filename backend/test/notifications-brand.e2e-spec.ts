import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import { Clock } from '../src/common/application/clock.js';
import { NotificationsWorker } from '../src/notifications/index.js';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { SmsWorker } from '../src/sms/application/sms-worker.js';
import { AUTH, authTestEnv, CSRF_HEADERS, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { FakeClock } from './support/fake-clock.js';
import { eventually } from './support/eventually.js';
import { FakePaymentGateway, FakePayoutAccounts } from './support/fake-payment-gateway.js';
import { InMemoryOutbox } from './support/in-memory-outbox.js';
import {
  fundMilestone,
  NOTICE_TEMPLATES,
  signUpByPhone,
  termsOnTheClock,
} from './support/notification-flow.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';

const DEALS = '/api/v1/deals';
const BRAND_DEALS = '/api/v1/brand/deals';
const NOTIFICATIONS = '/api/v1/notifications';
const CREATOR = {
  sub: 'google-ntf-brand-asha',
  email: 'asha.brandntf@creators.in',
  name: 'Asha Rao',
};
const ADMIN = { sub: 'google-ntf-ops', email: 'ops.ntf@paylock.in', name: 'Ops' };
const SLOW = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MONEY = '/api/v1/deal-review/milestones';

/** `hh:mm` IST on the day after tomorrow (real time): the fake clock's moments. */
function istAt(hours: number, minutes = 0): Date {
  const day = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + (hours * 60 + minutes - 330) * 60_000);
}

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
  let admin: string;
  const outbox = new InMemoryOutbox();
  const clock = new FakeClock(istAt(10));
  const gateway = new FakePaymentGateway();
  const moveClockTo = (at: Date) => {
    clock.advance(at.getTime() - clock.now().getTime());
  };
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const pass = () => app.app.get(NotificationsWorker).runOnce();

  const signUpBrand = (number: ReturnType<typeof nextNumber>) =>
    signUpByPhone(app.server, inbox, number);

  /** A deal sent to the brand's number, accepted from its workspace. */
  async function dealAcceptedBy(brand: string, mobile: string, title: string) {
    const base = termsOnTheClock(clock, { title });
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
    const { token } = link.body as { token: string };
    await request(app.server)
      .post('/api/v1/deal-review/accept')
      .send({ token, fullName: 'Priya Mehta', agreed: true })
      .expect(200);
    const money = await request(app.server).post(MONEY).send({ token }).expect(200);
    const milestones = (money.body as { milestones: { id: string }[] }).milestones;
    return { dealId, token, firstMilestone: milestones[0]?.id ?? '' };
  }

  const fund = (token: string, milestoneId: string) =>
    fundMilestone(app.server, gateway, token, milestoneId);

  /** The SMS the inbox received for a number, oldest first (what the phone shows). */
  const textsTo = (e164: string) =>
    inbox
      .messages()
      .filter(({ to }) => to === e164)
      .map(({ text }) => text);
  const sendSms = () => app.app.get(SmsWorker, { strict: false }).runOnce();

  const bell = async (token: string): Promise<NoticePage> =>
    (await request(app.server).get(NOTIFICATIONS).set(as(token)).expect(200)).body as NoticePage;

  beforeAll(async () => {
    [idp, inbox] = await Promise.all([
      startIdentityProvider(),
      startSmsInbox({ templates: NOTICE_TEMPLATES }),
    ]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        TRUST_PROXY: 'true',
        SMS_HOURLY_BUDGET: '100000',
        ADMIN_EMAILS: ADMIN.email,
      }),
      outbox,
      configure: (builder) => {
        builder.overrideProvider(Clock).useValue(clock);
        builder.overrideProvider(PaymentGateway).useValue(gateway);
        builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts());
      },
    });
    const adminCredential = await idp.issueIdToken(ADMIN);
    admin = (
      (
        await request(app.server)
          .post(`${AUTH}/register`)
          .send({ credential: adminCredential })
          .expect(201)
      ).body as SessionBody
    ).accessToken;
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
      const { dealId: glowDeal, firstMilestone } = await dealAcceptedBy(
        glow,
        first.national,
        'Glow reel',
      );
      const { dealId: chaiDeal } = await dealAcceptedBy(chai, second.national, 'Chai reel');
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
        // The workspace's deals, at the deal and the milestone to fund.
        actionPath: `/brand/deals?deal=${glowDeal}&milestone=${firstMilestone}`,
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
  it(
    'texts a brand signed in by phone at the moments that matter, through the DLT templates, never in quiet hours',
    async () => {
      await pass();
      const number = nextNumber();
      const brand = await signUpBrand(number);
      const { dealId, token, firstMilestone } = await dealAcceptedBy(
        brand,
        number.national,
        'Monsoon reel',
      );
      await pass();
      // Funding due: at once (10:00 IST), through its template, with the workspace's link.
      await inbox.nextMessageTo(number.e164, { afterCount: 1 });
      expect(textsTo(number.e164).slice(1)).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`^Paylock: fund Signing of Monsoon reel \(₹25,000\.00\) so the creator can start: http://localhost:\d+/brand/deals\?deal=${dealId}&milestone=${firstMilestone} - Paylock$`,
          ),
        ),
      ]);
      expect(inbox.messages().at(-1)?.templateId).toBe('local-funding_due');

      // Funded (a notice for the creator only), then the work is submitted: a text to review it.
      await fund(token, firstMilestone);
      await pass();
      await request(app.server)
        .post(`${DEALS}/${dealId}/milestones/${firstMilestone}/submission`)
        .set(as(creator))
        .send({ links: ['https://www.instagram.com/reel/sms/'], note: 'Live now' })
        .expect(200);
      await pass();
      const submitted = await inbox.nextMessageTo(number.e164, { afterCount: 2 });
      expect(submitted.text).toMatch(
        /^Paylock: work for Signing of Monsoon reel is ready\. Review it; it approves itself on \d{1,2} \w{3}, \d\d:\d\d IST: /,
      );

      // 48 h before the window closes: the reminder goes by SMS too.
      clock.advance(5 * DAY_MS + HOUR_MS);
      await pass();
      const reminder = await inbox.nextMessageTo(number.e164, { afterCount: 3 });
      expect(reminder.text).toMatch(
        /^Paylock reminder: Signing of Monsoon reel approves itself on /,
      );
      expect(reminder.templateId).toBe('local-approval_reminder');

      // Reminders by SMS turned off: the 24 h reminder reaches the bell, not the phone.
      await request(app.server)
        .put(`${NOTIFICATIONS}/preferences`)
        .set(as(brand))
        .send({ remindersByEmail: true, remindersBySms: false })
        .expect(200);
      clock.advance(DAY_MS);
      await pass();
      expect((await bell(brand)).items.map(({ kind }) => kind)).toEqual([
        'approval_reminder',
        'approval_reminder',
        'work_submitted',
        'funding_due',
      ]);
      await sendSms();
      expect(textsTo(number.e164)).toHaveLength(4);

      // A transactional notice due at 22:30 IST waits in the SMS outbox for 09:00 IST.
      moveClockTo(new Date(istAt(22, 30).getTime() + 7 * DAY_MS));
      const late = await dealAcceptedBy(brand, number.national, 'Night reel');
      await pass();
      await sendSms();
      expect(textsTo(number.e164)).toHaveLength(4);
      const queued = await app.connection
        .collection<{ _id: string; status: string; nextAttemptAt: Date }>('sms_outbox')
        .findOne({ _id: { $regex: `^ntf:${late.dealId}:` } });
      expect(queued).toMatchObject({
        status: 'queued',
        nextAttemptAt: new Date(istAt(9).getTime() + 8 * DAY_MS),
      });
      moveClockTo(new Date(istAt(9).getTime() + 8 * DAY_MS));
      await sendSms();
      // The earlier deal's second milestone waited for 09:00 too: the two go out in either order.
      await inbox.nextMessageTo(number.e164, { afterCount: 4 });
      await eventually(
        () =>
          textsTo(number.e164).some((text) =>
            text.startsWith('Paylock: fund Signing of Night reel'),
          ),
        { what: 'the Night reel notice at 09:00 IST' },
      );
    },
    SLOW,
  );

  it(
    'tells the admins of a brand that has not funded 7 days on, and lists it for them only',
    async () => {
      await pass();
      const number = nextNumber();
      const brand = await signUpBrand(number);
      const waiting = await dealAcceptedBy(brand, number.national, 'Unfunded reel');
      const funded = await dealAcceptedBy(brand, number.national, 'Funded reel');
      await fund(funded.token, funded.firstMilestone);
      await pass();

      const adminList = async () =>
        (
          (await request(app.server).get(`/api/v1/admin/notifications`).set(as(admin)).expect(200))
            .body as NoticePage
        ).items.filter(({ dealId }) => dealId === waiting.dealId || dealId === funded.dealId);
      clock.advance(7 * DAY_MS - HOUR_MS);
      await pass();
      expect(await adminList()).toEqual([]);

      clock.advance(2 * HOUR_MS);
      await pass();
      const escalated = await adminList();
      expect(escalated).toEqual([
        expect.objectContaining({
          kind: 'funding_overdue',
          dealId: waiting.dealId,
          title: 'Waiting on Glow Naturals Pvt Ltd: fund "Signing" (₹25,000.00)',
          body: '"Signing" of "Unfunded reel" is still not funded, 7 days after acceptance. Nudge the brand.',
          actionPath: '/admin/waiting',
        }),
      ]);
      // Once: a second pass (or instance) adds nothing.
      await pass();
      expect(await adminList()).toHaveLength(1);
      // Not for creators or brands.
      await request(app.server).get('/api/v1/admin/notifications').set(as(creator)).expect(403);
      await request(app.server).get('/api/v1/admin/notifications').set(as(brand)).expect(403);
    },
    SLOW,
  );
});
