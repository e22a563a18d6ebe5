import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import { Clock } from '../../src/common/application/clock.js';
import { NotificationsWorker } from '../../src/notifications/index.js';
import { PaymentGateway } from '../../src/payment-gateway/index.js';
import { PayoutAccounts } from '../../src/payouts/payouts.contract.js';
import { SmsWorker } from '../../src/sms/application/sms-worker.js';
import { AUTH, authTestEnv, CSRF_HEADERS, type SessionBody } from './auth-flow.js';
import { createTestApp, type TestApp } from './create-test-app.js';
import { DEAL_BRAND_EMAIL, dealTerms, reviewTokenIn } from './deal-fixtures.js';
import { eventually } from './eventually.js';
import { FakeClock } from './fake-clock.js';
import { FakePaymentGateway, FakePayoutAccounts } from './fake-payment-gateway.js';
import { type MailDevServer, startMailDev } from './maildev.js';
import {
  fundMilestone,
  NOTICE_TEMPLATES,
  signUpByPhone,
  termsOnTheClock,
} from './notification-flow.js';
import { settled } from './settled.js';

const DEALS = '/api/v1/deals';
const MONEY = '/api/v1/deal-review/milestones';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const IST_OFFSET_MS = 330 * 60_000;

export const MONEY_CREATOR = {
  sub: 'google-ntf-money-asha',
  email: 'asha.money@creators.in',
  name: 'Asha Rao',
};
const ADMIN = { sub: 'google-ntf-money-ops', email: 'ops.money@paylock.in', name: 'Ops' };
/** The mobile number of the brand that signs in by phone (its workspace's deals). */
export const BRAND_PHONE = { national: '9511400039', e164: '+919511400039', ip: '203.0.113.139' };

export interface NoticeBody {
  kind: string;
  dealId: string;
  title: string;
  body: string;
}

export interface AcceptedDeal {
  dealId: string;
  token: string;
  first: string;
  second: string;
}

/** The titles of the notices of `kind` among `items`. */
export const kindsIn = (items: NoticeBody[], kind: string) =>
  items.filter((item) => item.kind === kind).map(({ title }) => title);

/** 10:00 IST tomorrow (real time): the fake clock's start, outside quiet hours. */
function tomorrowTenIst(): Date {
  const day = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
  return new Date(`${day}T04:30:00.000Z`);
}

/** The first milestone renamed (each deal its own, so that the subjects tell the deals apart). */
function firstMilestoneNamed(name: string): Record<string, unknown> {
  const [first, ...rest] = dealTerms().milestones as Record<string, unknown>[];
  return { milestones: [{ ...first, name }, ...rest] };
}

/**
 * The app for the money notices' HTTP tests (#39): the real database, mail into MailDev, SMS into
 * the local SMS inbox, the gateway's fake, a fake clock moved only once nothing is being sent; a
 * creator, an admin, and a brand signed in by phone. The tests run the notifications' passes.
 */
export async function startMoneyNoticesApp() {
  const clock = new FakeClock(tomorrowTenIst());
  const gateway = new FakePaymentGateway();
  const [idp, mailDev, inbox]: [IdentityProvider, MailDevServer, SmsInbox] = await Promise.all([
    startIdentityProvider(),
    startMailDev(),
    startSmsInbox({ templates: NOTICE_TEMPLATES }),
  ]);
  const app: TestApp = await createTestApp({
    env: authTestEnv(idp, {
      ...inbox.backendEnv,
      SMTP_URL: mailDev.smtpUrl,
      MAIL_POLL_INTERVAL_MS: '50',
      PAYMENTS_WORKER_INTERVAL_MS: '200',
      TRUST_PROXY: 'true',
      SMS_HOURLY_BUDGET: '100000',
      ADMIN_EMAILS: ADMIN.email,
    }),
    configure: (builder) => {
      builder.overrideProvider(Clock).useValue(clock);
      builder.overrideProvider(PaymentGateway).useValue(gateway);
      builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts());
    },
  });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const signUp = async (person: typeof ADMIN) => {
    const credential = await idp.issueIdToken(person);
    const session = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (session.body as SessionBody).accessToken;
  };
  const creator = await signUp(MONEY_CREATOR);
  const admin = await signUp(ADMIN);
  const brand = await signUpByPhone(app.server, inbox, BRAND_PHONE);

  const pass = () => app.app.get(NotificationsWorker).runOnce();
  const subjectsTo = async (address: string) =>
    (await mailDev.inbox.to(address)).map(({ subject }) => subject);
  const waitForSubject = (address: string, subject: string) =>
    mailDev.inbox.waitForMailTo(address, { subject, timeoutMs: 30_000 });
  const noticesOf = async (path: string, token: string, dealId: string) =>
    (
      (await request(app.server).get(path).set(as(token)).expect(200)).body as {
        items: NoticeBody[];
      }
    ).items.filter((item) => item.dealId === dealId);

  /** Moves the clock once nothing is being sent (a send in flight across a jump would lapse). */
  const advanceClock = async (ms: number) => {
    await settled(app.app);
    clock.advance(ms);
  };

  async function disputeIdOf(milestone: string): Promise<string> {
    const disputes = (
      await request(app.server).get('/api/v1/admin/disputes').set(as(admin)).expect(200)
    ).body as { items: { id: string; milestoneId: string }[] };
    return disputes.items.find(({ milestoneId }) => milestoneId === milestone)?.id ?? '';
  }

  async function created(overrides: Record<string, unknown>, firstDueInDays?: number) {
    const response = await request(app.server)
      .post(DEALS)
      .set(as(creator))
      .send(termsOnTheClock(clock, overrides, firstDueInDays))
      .expect(201);
    const dealId = (response.body as { id: string }).id;
    await request(app.server).post(`${DEALS}/${dealId}/send`).set(as(creator)).expect(200);
    return dealId;
  }

  async function acceptedWith(token: string, dealId: string): Promise<AcceptedDeal> {
    await request(app.server)
      .post('/api/v1/deal-review/accept')
      .send({ token, fullName: 'Priya Mehta', agreed: true })
      .expect(200);
    const money = await request(app.server).post(MONEY).send({ token }).expect(200);
    const ids = (money.body as { milestones: { id: string }[] }).milestones.map(({ id }) => id);
    return { dealId, token, first: ids[0] ?? '', second: ids[1] ?? '' };
  }

  return {
    app,
    clock,
    gateway,
    creator,
    admin,
    brand,
    pass,
    advanceClock,
    sendSms: () => app.app.get(SmsWorker, { strict: false }).runOnce(),

    /** To the next `hour`:00 IST after the clock's now. */
    async advanceToIst(hour: number): Promise<void> {
      const now = clock.now().getTime();
      const istMidnight = Math.floor((now + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
      let at = istMidnight + hour * HOUR_MS;
      while (at <= now) at += DAY_MS;
      await advanceClock(at - now);
    },

    /** A pass of the follower and the reminders, then every mail queued sent. */
    async passAndSettle(): Promise<void> {
      await pass();
      await settled(app.app);
    },

    waitForSubject,
    countTo: async (address: string, subject: string) =>
      (await subjectsTo(address)).filter((each) => each === subject).length,
    textsTo: (e164: string) =>
      inbox
        .messages()
        .filter(({ to }) => to === e164)
        .map(({ text }) => text),
    bellOf: (token: string, dealId: string) => noticesOf('/api/v1/notifications', token, dealId),
    adminsBell: (dealId: string) => noticesOf('/api/v1/admin/notifications', admin, dealId),

    /** Passes until `subject` reached `address` (a system move runs on the payments worker). */
    async passUntilMailed(address: string, subject: string): Promise<void> {
      await eventually(
        async () => {
          await pass();
          return (await subjectsTo(address)).includes(subject);
        },
        { what: `"${subject}" to ${address}`, timeoutMs: 30_000, intervalMs: 200 },
      );
    },

    /** Sent to the brand's e-mail and accepted through the mailed link (a brand without a bell). */
    async acceptedByMail(title: string, milestone: string, firstDueInDays?: number) {
      const dealId = await created({ title, ...firstMilestoneNamed(milestone) }, firstDueInDays);
      const review = await waitForSubject(
        DEAL_BRAND_EMAIL,
        `Asha Rao sent you a deal to review: ${title}`,
      );
      return acceptedWith(reviewTokenIn(review.text), dealId);
    },

    /** Sent to the brand's mobile and accepted from its workspace (bell and SMS, no e-mail). */
    async acceptedByWorkspace(title: string, milestone: string, firstDueInDays?: number) {
      const base = { title, ...firstMilestoneNamed(milestone) };
      const contact = { ...(dealTerms().brand as object), contactMobile: BRAND_PHONE.national };
      const dealId = await created({ ...base, brand: contact }, firstDueInDays);
      const link = await request(app.server)
        .post(`/api/v1/brand/deals/${dealId}/review-link`)
        .set(as(brand))
        .set(CSRF_HEADERS)
        .expect(200);
      return acceptedWith((link.body as { token: string }).token, dealId);
    },

    fund: (token: string, milestoneId: string) =>
      fundMilestone(app.server, gateway, token, milestoneId),
    submit: (dealId: string, milestoneId: string) =>
      request(app.server)
        .post(`${DEALS}/${dealId}/milestones/${milestoneId}/submission`)
        .set(as(creator))
        .send({ links: ['https://www.instagram.com/reel/money/'], note: 'Live now' })
        .expect(200),

    /** The id of the dispute on a milestone, from the admins' list. */
    disputeIdOf,

    /** The admin's page of the dispute on a milestone (its body as the API answers it). */
    async adminDispute(milestone: string): Promise<unknown> {
      const detail = await request(app.server)
        .get(`/api/v1/admin/disputes/${await disputeIdOf(milestone)}`)
        .set(as(admin))
        .expect(200);
      return detail.body;
    },

    /** An admin decides the dispute on a milestone. */
    async resolveDispute(milestone: string, decision: 'release' | 'refund'): Promise<void> {
      await request(app.server)
        .post(`/api/v1/admin/disputes/${await disputeIdOf(milestone)}/resolution`)
        .set(as(admin))
        .send({ decision, note: 'Decided on the evidence' })
        .expect(200);
    },

    async stop(): Promise<void> {
      await app.close();
      await Promise.all([idp.stop(), mailDev.stop(), inbox.stop()]);
    },
  };
}

export type MoneyNoticesApp = Awaited<ReturnType<typeof startMoneyNoticesApp>>;
