import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import { Clock } from '../src/common/application/clock.js';
import { NotificationsWorker } from '../src/notifications/index.js';
import { SMS_NOTICE_TEMPLATES } from '../src/notifications/domain/sms-templates.js';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';
import { AUTH, authTestEnv, CSRF_HEADERS, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { DEAL_BRAND_EMAIL, dealTerms, reviewTokenIn } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import { FakeClock } from './support/fake-clock.js';
import { FakePaymentGateway, FakePayoutAccounts } from './support/fake-payment-gateway.js';
import { type MailDevServer, startMailDev } from './support/maildev.js';

const DEALS = '/api/v1/deals';
const BRAND_DEALS = '/api/v1/brand/deals';
const MONEY = '/api/v1/deal-review/milestones';
const WEBHOOK = '/api/v1/payments/webhooks/razorpay';
const ADMIN_NOTICES = '/api/v1/admin/notifications';
const CREATOR = { sub: 'google-esc-asha', email: 'asha.esc@creators.in', name: 'Asha Rao' };
const ADMIN = { sub: 'google-esc-ops', email: 'ops.esc@paylock.in', name: 'Ops' };
const SLOW = 120_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const NOTE = 'Hi Priya, the creator is waiting on you: please review the work this week.';

const NOTICE_TEMPLATES = Object.values(SMS_NOTICE_TEMPLATES).map(({ name, text, variables }) => ({
  id: `local-${name}`,
  text,
  variables,
}));

/** 10:00 IST the day after tomorrow (real time): the fake clock's start. */
function startIst(): Date {
  const day = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
  return new Date(`${day}T04:30:00.000Z`);
}

interface NoticeBody {
  kind: string;
  dealId: string;
  title: string;
  body: string;
  actionPath: string;
}

/**
 * Escalation and nudges (#39 item 8) over HTTP: a brand signed in by phone lets two approval
 * windows of one deal run out; the admins see it on their waiting list, with the days waited, and
 * nudge the brand (its bell and the local SMS inbox), once a day, audited; a brand that accepted
 * by e-mail gets its nudge in MailDev.
 */
describe('Escalations and nudges (#39 item 8)', () => {
  let idp: IdentityProvider;
  let inbox: SmsInbox;
  let mailDev: MailDevServer;
  let app: TestApp;
  let creator: string;
  let admin: string;
  const clock = new FakeClock(startIst());
  const gateway = new FakePaymentGateway();
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const pass = () => app.app.get(NotificationsWorker).runOnce();
  const phone = { national: '9512300077', e164: '+919512300077', ip: '203.0.113.77' };

  async function signUpBrand(): Promise<string> {
    await request(app.server)
      .post(`${AUTH}/phone/codes`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', phone.ip)
      .send({ phone: phone.national, purpose: 'signup' })
      .expect(202);
    const code = (await inbox.nextMessageTo(phone.e164)).variables.otp ?? '';
    const session = await request(app.server)
      .post(`${AUTH}/phone/sessions`)
      .set(CSRF_HEADERS)
      .set('X-Forwarded-For', phone.ip)
      .send({ phone: phone.national, code, purpose: 'signup' })
      .expect(200);
    return (session.body as SessionBody).accessToken;
  }

  async function signUp(person: typeof CREATOR): Promise<string> {
    const credential = await idp.issueIdToken(person);
    const session = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (session.body as SessionBody).accessToken;
  }

  function termsOnTheClock(title: string, mobile: string): Record<string, unknown> {
    const terms = dealTerms({ title });
    const day = (days: number) =>
      new Date(clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);
    const dated = (items: unknown, from: number) =>
      (items as object[]).map((item, index) => ({ ...item, dueDate: day(from + 20 * index) }));
    return {
      ...terms,
      brand: { ...(terms.brand as Record<string, string>), contactMobile: mobile },
      deliverables: dated(terms.deliverables, 60),
      milestones: dated(terms.milestones, 4),
    };
  }

  async function sentDeal(title: string): Promise<string> {
    const created = await request(app.server)
      .post(DEALS)
      .set(as(creator))
      .send(termsOnTheClock(title, phone.national))
      .expect(201);
    const dealId = (created.body as { id: string }).id;
    await request(app.server).post(`${DEALS}/${dealId}/send`).set(as(creator)).expect(200);
    return dealId;
  }

  /** A fresh workspace review link (one hour): the brand's way to its deal's money. */
  async function linkOf(brand: string, dealId: string): Promise<string> {
    const link = await request(app.server)
      .post(`${BRAND_DEALS}/${dealId}/review-link`)
      .set(as(brand))
      .set(CSRF_HEADERS)
      .expect(200);
    return (link.body as { token: string }).token;
  }

  async function fund(token: string, milestoneId: string): Promise<void> {
    const checkout = await request(app.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId })
      .expect(200);
    const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
    for (const hook of gateway.paymentWebhooks(gateway.pay(orderId))) {
      await request(app.server)
        .post(WEBHOOK)
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', hook.signature)
        .set('X-Razorpay-Event-Id', hook.id)
        .send(hook.body.toString('utf8'))
        .expect(200);
    }
  }

  /** Funded, submitted, and left unanswered past its 7-day window: approved by the system. */
  async function letTheWindowRunOut(brand: string, dealId: string, milestoneId: string) {
    await fund(await linkOf(brand, dealId), milestoneId);
    await request(app.server)
      .post(`${DEALS}/${dealId}/milestones/${milestoneId}/submission`)
      .set(as(creator))
      .send({ links: ['https://www.instagram.com/reel/esc/'], note: 'Live' })
      .expect(200);
    await pass();
    clock.advance(7 * DAY_MS + HOUR_MS);
    await eventually(
      async () => {
        const money = await request(app.server)
          .post(MONEY)
          .send({ token: await linkOf(brand, dealId) })
          .expect(200);
        const { milestones } = money.body as { milestones: { id: string; state: string }[] };
        return milestones.find(({ id }) => id === milestoneId)?.state !== 'submitted';
      },
      { what: 'the auto-approval', timeoutMs: 30_000 },
    );
    await pass();
  }

  const adminWaiting = async (dealId: string): Promise<NoticeBody[]> =>
    (
      (await request(app.server).get(ADMIN_NOTICES).set(as(admin)).expect(200)).body as {
        items: NoticeBody[];
      }
    ).items.filter((item) => item.dealId === dealId && item.kind === 'auto_approved_twice');

  const nudge = (dealId: string, message: string, token = admin) =>
    request(app.server)
      .post(`/api/v1/admin/waiting/${dealId}/nudges`)
      .set(as(token))
      .send({ message });

  beforeAll(async () => {
    [idp, inbox, mailDev] = await Promise.all([
      startIdentityProvider(),
      startSmsInbox({ templates: NOTICE_TEMPLATES }),
      startMailDev(),
    ]);
    app = await createTestApp({
      env: authTestEnv(idp, {
        ...inbox.backendEnv,
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
        TRUST_PROXY: 'true',
        SMS_HOURLY_BUDGET: '100000',
        ADMIN_EMAILS: ADMIN.email,
        PAYMENTS_WORKER_INTERVAL_MS: '200',
      }),
      configure: (builder) => {
        builder.overrideProvider(Clock).useValue(clock);
        builder.overrideProvider(PaymentGateway).useValue(gateway);
        builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts());
      },
    });
    admin = await signUp(ADMIN);
    creator = await signUp(CREATOR);
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), inbox.stop(), mailDev.stop()]);
  }, SLOW);

  it(
    'lists a brand that let two approval windows of one deal run out, with the days waited, and lets an admin nudge it once a day, audited',
    async () => {
      await pass(); // the follower starts here
      const brand = await signUpBrand();
      const dealId = await sentDeal('Lapsed windows reel');
      const token = await linkOf(brand, dealId);
      await request(app.server)
        .post('/api/v1/deal-review/accept')
        .send({ token, fullName: 'Priya Mehta', agreed: true })
        .expect(200);
      const money = await request(app.server).post(MONEY).send({ token }).expect(200);
      const [first, second] = (money.body as { milestones: { id: string }[] }).milestones;
      if (!first || !second) throw new Error('two milestones expected');
      await pass();

      // One window run out: not yet a pattern.
      await letTheWindowRunOut(brand, dealId, first.id);
      expect(await adminWaiting(dealId)).toEqual([]);
      // The second on the same deal: on the admins' waiting list, with the days waited.
      await letTheWindowRunOut(brand, dealId, second.id);
      const listed = await adminWaiting(dealId);
      expect(listed).toEqual([
        expect.objectContaining({
          title: 'Waiting on Glow Naturals Pvt Ltd: two approval windows ran out',
          actionPath: '/admin/waiting',
        }),
      ]);
      expect(listed[0]?.body).toContain(
        'let the approval window of "Draft" of "Lapsed windows reel" run out (7 days after the work was submitted; ₹50,000.00 approved automatically), the second time on this deal.',
      );
      await pass();
      expect(await adminWaiting(dealId)).toHaveLength(1); // once

      // The admin nudges the brand: its bell and its phone (a registered template linking to it).
      const textsBefore = inbox.messages().filter(({ to }) => to === phone.e164).length;
      const sent = await nudge(dealId, `  ${NOTE}  `).expect(201);
      expect(sent.body).toMatchObject({ dealId, channels: ['in_app', 'sms'] });
      // Its link opens the workspace's deals at the deal and the milestone the money waits on.
      const { milestoneId } = sent.body as { milestoneId: string };
      const atMilestone = `/brand/deals?deal=${dealId}&milestone=${milestoneId}`;
      const bell = (
        await request(app.server).get('/api/v1/notifications').set(as(brand)).expect(200)
      ).body as { items: NoticeBody[] };
      expect(bell.items[0]).toMatchObject({
        kind: 'admin_nudge',
        dealId,
        title: 'A note from Paylock about "Lapsed windows reel"',
        body: `${NOTE} ("Live" of "Lapsed windows reel")`,
        actionPath: atMilestone,
      });
      const text = await inbox.nextMessageTo(phone.e164, { afterCount: textsBefore });
      expect(text.templateId).toBe('local-admin_nudge');
      expect(text.text).toMatch(
        new RegExp(
          String.raw`^Paylock: the Paylock team sent you a note about Lapsed windows reel\. Read it: http://localhost:\d+${atMilestone.replace('?', '\\?')} - Paylock$`,
        ),
      );

      // Once a day per deal: the second is refused until India's midnight.
      const again = await nudge(dealId, 'Another one').expect(429);
      expect((again.body as { code: string }).code).toBe('DEAL_NUDGED_TODAY');
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      // Audited: who, which deal (not the note).
      const audit = (
        await request(app.server).get('/api/v1/admin/audit-log').set(as(admin)).expect(200)
      ).body as { items: { action: string; actor: { email: string }; details: object }[] };
      expect(audit.items.filter(({ action }) => action === 'nudge.sent')).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ email: ADMIN.email }) as object,
          details: expect.objectContaining({ dealId }) as object,
        }),
      ]);
      expect(JSON.stringify(audit.items)).not.toContain('waiting on you');

      // Only admins; a blank note, an unknown deal, a deal nothing waits on are refused.
      await nudge(dealId, 'Hello', creator).expect(403);
      await nudge(dealId, 'Hello', brand).expect(403);
      await nudge(dealId, '   ').expect(400);
      await nudge(dealId, 'x'.repeat(281)).expect(400);
      await nudge('no-such-deal', 'Hello').expect(404);
      await nudge(await sentDeal('Not yet accepted reel'), 'Hello').expect(409);
    },
    SLOW,
  );

  it(
    'nudges a brand that accepted by e-mail by e-mail',
    async () => {
      const dealId = await sentDeal('Mailed brand reel');
      const review = await mailDev.inbox.waitForMailTo(DEAL_BRAND_EMAIL, {
        subject: 'Asha Rao sent you a deal to review: Mailed brand reel',
      });
      await request(app.server)
        .post('/api/v1/deal-review/accept')
        .send({ token: reviewTokenIn(review.text), fullName: 'Priya Mehta', agreed: true })
        .expect(200);
      const sent = await nudge(dealId, 'Please fund "Signing" so Asha can start.').expect(201);
      expect(sent.body).toMatchObject({ channels: ['email'] });
      const mail = await mailDev.inbox.waitForMailTo(DEAL_BRAND_EMAIL, {
        subject: 'A note from Paylock about "Mailed brand reel"',
      });
      expect(mail.text).toContain('Please fund "Signing" so Asha can start.');
      expect(reviewTokenIn(mail.text)).toMatch(/^[\w-]{43}$/);
    },
    SLOW,
  );
});
