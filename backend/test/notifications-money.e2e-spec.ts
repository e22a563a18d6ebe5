import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type SmsInbox, startSmsInbox } from '@paylock/sms-inbox';
import request from 'supertest';
import { Clock } from '../src/common/application/clock.js';
import { NotificationsWorker } from '../src/notifications/index.js';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';
import { SmsWorker } from '../src/sms/application/sms-worker.js';
import { AUTH, authTestEnv, CSRF_HEADERS, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { DEAL_BRAND_EMAIL, dealTerms, reviewTokenIn } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import { FakeClock } from './support/fake-clock.js';
import { FakePaymentGateway, FakePayoutAccounts } from './support/fake-payment-gateway.js';
import { type MailDevServer, startMailDev } from './support/maildev.js';
import {
  deliverWebhooks,
  fundMilestone,
  NOTICE_TEMPLATES,
  signUpByPhone,
  termsOnTheClock,
} from './support/notification-flow.js';
import { settled } from './support/settled.js';

const DEALS = '/api/v1/deals';
const MONEY = '/api/v1/deal-review/milestones';
const CREATOR = { sub: 'google-ntf-money-asha', email: 'asha.money@creators.in', name: 'Asha Rao' };
const ADMIN = { sub: 'google-ntf-money-ops', email: 'ops.money@paylock.in', name: 'Ops' };
const PHONE = { national: '9511400039', e164: '+919511400039', ip: '203.0.113.139' };
const SLOW = 150_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const IST_OFFSET_MS = 330 * 60_000;

interface NoticeBody {
  kind: string;
  dealId: string;
  title: string;
}

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
 * The money rows of the notification table and the reminder steps not covered elsewhere (#39),
 * over HTTP with a moved clock: changes requested and the resubmit reminder, approved
 * automatically, settled, dispute opened and decided, refunded, the funding reminder on the due
 * date, and a reminder not sent when the brand acts one second before it is due. Mail in MailDev,
 * SMS in the local SMS inbox, the bells over HTTP; the test runs the notifications' passes.
 */
describe('Notifications of the money moves, with a moved clock (#39)', () => {
  let idp: IdentityProvider;
  let mailDev: MailDevServer;
  let inbox: SmsInbox;
  let app: TestApp;
  let creator: string;
  let admin: string;
  let brand: string;
  const clock = new FakeClock(tomorrowTenIst());
  const gateway = new FakePaymentGateway();
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const pass = () => app.app.get(NotificationsWorker).runOnce();
  const sendSms = () => app.app.get(SmsWorker, { strict: false }).runOnce();

  /** Moves the clock once nothing is being sent (a send in flight across a jump would lapse). */
  async function advanceClock(ms: number): Promise<void> {
    await settled(app.app);
    clock.advance(ms);
  }

  /** To the next `hour`:00 IST after the clock's now. */
  async function advanceToIst(hour: number): Promise<void> {
    const now = clock.now().getTime();
    const istMidnight = Math.floor((now + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
    let at = istMidnight + hour * HOUR_MS;
    while (at <= now) at += DAY_MS;
    await advanceClock(at - now);
  }

  /** Passes of the follower and the reminders, then every mail queued sent. */
  async function passAndSettle(): Promise<void> {
    await pass();
    await settled(app.app);
  }

  const subjectsTo = async (address: string) =>
    (await mailDev.inbox.to(address)).map(({ subject }) => subject);
  const countTo = async (address: string, subject: string) =>
    (await subjectsTo(address)).filter((each) => each === subject).length;
  const waitForSubject = (address: string, subject: string) =>
    mailDev.inbox.waitForMailTo(address, { subject, timeoutMs: 30_000 });
  const textsTo = (e164: string) =>
    inbox
      .messages()
      .filter(({ to }) => to === e164)
      .map(({ text }) => text);

  const bellOf = async (token: string, dealId: string): Promise<NoticeBody[]> =>
    (
      (await request(app.server).get('/api/v1/notifications').set(as(token)).expect(200)).body as {
        items: NoticeBody[];
      }
    ).items.filter((item) => item.dealId === dealId);
  const adminsBell = async (dealId: string): Promise<NoticeBody[]> =>
    (
      (await request(app.server).get('/api/v1/admin/notifications').set(as(admin)).expect(200))
        .body as { items: NoticeBody[] }
    ).items.filter((item) => item.dealId === dealId);
  const kindsIn = (items: NoticeBody[], kind: string) =>
    items.filter((item) => item.kind === kind).map(({ title }) => title);

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

  async function acceptedWith(token: string, dealId: string) {
    await request(app.server)
      .post('/api/v1/deal-review/accept')
      .send({ token, fullName: 'Priya Mehta', agreed: true })
      .expect(200);
    const money = await request(app.server).post(MONEY).send({ token }).expect(200);
    const ids = (money.body as { milestones: { id: string }[] }).milestones.map(({ id }) => id);
    return { dealId, token, first: ids[0] ?? '', second: ids[1] ?? '' };
  }

  /** Sent to the brand's e-mail and accepted through the mailed link (a brand without a bell). */
  async function acceptedByMail(title: string, milestone: string, firstDueInDays?: number) {
    const dealId = await created({ title, ...firstMilestoneNamed(milestone) }, firstDueInDays);
    const review = await waitForSubject(
      DEAL_BRAND_EMAIL,
      `Asha Rao sent you a deal to review: ${title}`,
    );
    return acceptedWith(reviewTokenIn(review.text), dealId);
  }

  /** Sent to the brand's mobile and accepted from its workspace (bell and SMS, no e-mail). */
  async function acceptedByWorkspace(title: string, milestone: string, firstDueInDays?: number) {
    const base = { title, ...firstMilestoneNamed(milestone) };
    const brandContact = { ...(dealTerms().brand as object), contactMobile: PHONE.national };
    const dealId = await created({ ...base, brand: brandContact }, firstDueInDays);
    const link = await request(app.server)
      .post(`/api/v1/brand/deals/${dealId}/review-link`)
      .set(as(brand))
      .set(CSRF_HEADERS)
      .expect(200);
    return acceptedWith((link.body as { token: string }).token, dealId);
  }

  const submit = (dealId: string, milestoneId: string) =>
    request(app.server)
      .post(`${DEALS}/${dealId}/milestones/${milestoneId}/submission`)
      .set(as(creator))
      .send({ links: ['https://www.instagram.com/reel/money/'], note: 'Live now' })
      .expect(200);

  const fund = (token: string, milestoneId: string) =>
    fundMilestone(app.server, gateway, token, milestoneId);

  /** Passes until `subject` reached `address` (a system move runs on the payments worker). */
  async function passUntilMailed(address: string, subject: string): Promise<void> {
    await eventually(
      async () => {
        await pass();
        return (await subjectsTo(address)).includes(subject);
      },
      { what: `"${subject}" to ${address}`, timeoutMs: 30_000, intervalMs: 200 },
    );
  }

  /** An admin decides the dispute on a milestone. */
  async function resolveDispute(milestone: string, decision: 'release' | 'refund') {
    const disputes = (
      await request(app.server).get('/api/v1/admin/disputes').set(as(admin)).expect(200)
    ).body as { items: { id: string; milestoneId: string }[] };
    const dispute = disputes.items.find(({ milestoneId }) => milestoneId === milestone);
    await request(app.server)
      .post(`/api/v1/admin/disputes/${dispute?.id ?? ''}/resolution`)
      .set(as(admin))
      .send({ decision, note: 'Decided on the evidence' })
      .expect(200);
  }

  async function signUp(person: typeof CREATOR): Promise<string> {
    const credential = await idp.issueIdToken(person);
    const session = await request(app.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (session.body as SessionBody).accessToken;
  }

  beforeAll(async () => {
    [idp, mailDev, inbox] = await Promise.all([
      startIdentityProvider(),
      startMailDev(),
      startSmsInbox({ templates: NOTICE_TEMPLATES }),
    ]);
    app = await createTestApp({
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
    creator = await signUp(CREATOR);
    admin = await signUp(ADMIN);
    brand = await signUpByPhone(app.server, inbox, PHONE);
    await pass(); // the follower starts here
  }, SLOW);

  afterAll(async () => {
    await app.close();
    await Promise.all([idp.stop(), mailDev.stop(), inbox.stop()]);
  }, SLOW);

  it(
    'tells the creator of changes asked, reminds them at +3 days (not a second before), then both sides of the approval by the window’s end, and the creator of the settlement',
    async () => {
      const { dealId, token, first } = await acceptedByMail('Revised reel', 'Revised cut');
      await fund(token, first);
      await submit(dealId, first);
      await request(app.server)
        .post(`${MONEY}/request-changes`)
        .send({ token, milestoneId: first, note: 'Add the discount code' })
        .expect(200);
      await pass();
      await waitForSubject(CREATOR.email, 'Changes asked on "Revised cut"');
      expect(kindsIn(await bellOf(creator, dealId), 'changes_requested')).toEqual([
        'Changes asked on "Revised cut"',
      ]);

      // +3 days less a second: no reminder yet; at +3 days: once, by e-mail and in the bell.
      await advanceClock(3 * DAY_MS - 1000);
      await passAndSettle();
      const reminder = 'Reminder: resubmit "Revised cut"';
      expect(await countTo(CREATOR.email, reminder)).toBe(0);
      await advanceClock(1000);
      await pass();
      await waitForSubject(CREATOR.email, reminder);
      expect(kindsIn(await bellOf(creator, dealId), 'resubmit_reminder')).toEqual([reminder]);

      // Resubmitted; the brand stays silent past the 7-day window: approved automatically.
      await submit(dealId, first);
      await pass();
      await advanceClock(7 * DAY_MS + HOUR_MS);
      const automatic = 'Approved automatically: "Revised cut"';
      await passUntilMailed(CREATOR.email, automatic);
      await passUntilMailed(DEAL_BRAND_EMAIL, automatic);
      expect(kindsIn(await bellOf(creator, dealId), 'auto_approved')).toEqual([automatic]);
      await passUntilMailed(CREATOR.email, 'Released: ₹25,000.00 for "Revised cut"');

      // The gateway's settlement cycle: the creator is told the money is in their bank.
      await advanceClock(DAY_MS);
      gateway.settleReleased();
      await deliverWebhooks(app.server, gateway.settlementWebhooks());
      await passUntilMailed(CREATOR.email, 'In your bank: ₹25,000.00');
      expect(kindsIn(await bellOf(creator, dealId), 'settled')).toEqual([
        'In your bank: ₹25,000.00',
      ]);

      // Each once, after more passes.
      await passAndSettle();
      await passAndSettle();
      for (const subject of [
        'Changes asked on "Revised cut"',
        reminder,
        automatic,
        'In your bank: ₹25,000.00',
      ]) {
        expect([subject, await countTo(CREATOR.email, subject)]).toEqual([subject, 1]);
      }
      expect(await countTo(DEAL_BRAND_EMAIL, automatic)).toBe(1);
      // The brand's approval ("You approved") was never sent: nobody approved by hand.
      expect(await countTo(DEAL_BRAND_EMAIL, 'You approved "Revised cut"')).toBe(0);
    },
    SLOW,
  );

  it(
    'tells both sides and the admins of a dispute opened and decided, and the brand of its refund, once each',
    async () => {
      await advanceToIst(10);
      const { dealId, token, first } = await acceptedByMail('Disputed reel', 'Disputed cut');
      await fund(token, first);
      await advanceClock(DAY_MS);
      await request(app.server)
        .post(`${MONEY}/dispute`)
        .send({ token, milestoneId: first, reason: 'Not as briefed' })
        .expect(200);
      await pass();
      const opened = 'Dispute opened: "Disputed cut"';
      await waitForSubject(CREATOR.email, opened);
      await waitForSubject(DEAL_BRAND_EMAIL, opened);
      expect(kindsIn(await bellOf(creator, dealId), 'dispute_opened')).toEqual([opened]);
      expect(kindsIn(await adminsBell(dealId), 'dispute_opened')).toEqual([opened]);

      // A day later an admin decides: the money goes back to the brand.
      await advanceClock(DAY_MS);
      await resolveDispute(first, 'refund');
      const decided = 'Dispute decided: "Disputed cut"';
      await passUntilMailed(CREATOR.email, decided);
      await passUntilMailed(DEAL_BRAND_EMAIL, decided);
      await passUntilMailed(DEAL_BRAND_EMAIL, 'Refunded: ₹25,000.00');
      expect(kindsIn(await bellOf(creator, dealId), 'dispute_decided')).toEqual([decided]);
      expect(kindsIn(await adminsBell(dealId), 'dispute_decided')).toEqual([decided]);
      // The refund is the brand's news only.
      expect(kindsIn(await bellOf(creator, dealId), 'refunded')).toEqual([]);

      await passAndSettle();
      await passAndSettle();
      expect(await countTo(CREATOR.email, opened)).toBe(1);
      expect(await countTo(DEAL_BRAND_EMAIL, opened)).toBe(1);
      expect(await countTo(CREATOR.email, decided)).toBe(1);
      expect(await countTo(DEAL_BRAND_EMAIL, decided)).toBe(1);
      expect(await countTo(DEAL_BRAND_EMAIL, 'Refunded: ₹25,000.00')).toBe(1);
      expect(await countTo(CREATOR.email, 'Refunded: ₹25,000.00')).toBe(0);
    },
    SLOW,
  );

  it(
    'texts a brand signed in by phone when the window ran out and when a dispute is opened, and puts both in its bell',
    async () => {
      await advanceToIst(10);
      const { dealId, token, first, second } = await acceptedByWorkspace(
        'Texted reel',
        'Texted cut',
      );
      await fund(token, first);
      await fund(token, second);
      await submit(dealId, first);
      await pass();
      await advanceClock(7 * DAY_MS + HOUR_MS); // 11:00 IST: outside quiet hours
      const automatic = 'Approved automatically: "Texted cut"';
      await passUntilMailed(CREATOR.email, automatic);
      expect(kindsIn(await bellOf(brand, dealId), 'auto_approved')).toEqual([automatic]);
      await sendSms();
      const autoText =
        'Paylock: the approval window of Texted cut of Texted reel ended; it was approved automatically and ₹25,000.00 is released. - Paylock';
      await eventually(() => textsTo(PHONE.e164).includes(autoText), {
        what: 'the auto-approval SMS',
      });

      // The creator opens a dispute on the second (funded) milestone.
      await request(app.server)
        .post(`${DEALS}/${dealId}/milestones/${second}/dispute`)
        .set(as(creator))
        .send({ reason: 'The brand went silent' })
        .expect(200);
      await pass();
      expect(kindsIn(await bellOf(brand, dealId), 'dispute_opened')).toEqual([
        'Dispute opened: "Draft"',
      ]);
      expect(kindsIn(await adminsBell(dealId), 'dispute_opened')).toEqual([
        'Dispute opened: "Draft"',
      ]);
      await sendSms();
      const disputeText =
        /^Paylock: a dispute was opened on Draft of Texted reel\. The money stays held until it is decided: http:\/\/localhost:\d+\/brand\/deals - Paylock$/;
      await eventually(() => textsTo(PHONE.e164).some((text) => disputeText.test(text)), {
        what: 'the dispute SMS',
      });

      // Decided for the brand: the decision and the refund reach its bell (neither goes by SMS).
      await advanceClock(DAY_MS);
      await resolveDispute(second, 'refund');
      await eventually(
        async () => {
          await pass();
          return kindsIn(await bellOf(brand, dealId), 'refunded').length > 0;
        },
        { what: 'the refund in the brand’s bell', timeoutMs: 30_000, intervalMs: 200 },
      );
      expect(kindsIn(await bellOf(brand, dealId), 'dispute_decided')).toEqual([
        'Dispute decided: "Draft"',
      ]);
      expect(kindsIn(await bellOf(brand, dealId), 'refunded')).toEqual(['Refunded: ₹50,000.00']);

      // Once each, by SMS and in the bell.
      await passAndSettle();
      await sendSms();
      expect(textsTo(PHONE.e164).filter((text) => text === autoText)).toHaveLength(1);
      expect(textsTo(PHONE.e164).filter((text) => disputeText.test(text))).toHaveLength(1);
      // The decision and the refund went by no SMS: the only text about "Draft" is the dispute's.
      const aboutDraft = textsTo(PHONE.e164).filter((text) =>
        text.includes('Draft of Texted reel'),
      );
      expect(aboutDraft).toHaveLength(1);
      expect(aboutDraft[0]).toMatch(disputeText);
      const brandBell = await bellOf(brand, dealId);
      for (const kind of ['auto_approved', 'dispute_opened', 'dispute_decided', 'refunded']) {
        expect([kind, kindsIn(brandBell, kind).length]).toEqual([kind, 1]);
      }
    },
    SLOW,
  );

  it(
    'reminds the brand to fund at 09:00 IST on the milestone’s due date, not a second before, by e-mail, bell and SMS',
    async () => {
      await advanceToIst(10);
      const mailed = await acceptedByMail('Due soon reel', 'Due soon cut', 1);
      const texted = await acceptedByWorkspace('Due soon texted reel', 'Due texted cut', 1);
      await pass();
      const mailReminder = 'Reminder: fund "Due soon cut" (₹25,000.00)';
      const smsReminder =
        /^Paylock reminder: Due texted cut of Due soon texted reel \(₹25,000\.00\) still waits for your funding: http:\/\/localhost:\d+\/brand\/deals - Paylock$/;
      const reminded = () => textsTo(PHONE.e164).filter((text) => smsReminder.test(text));

      // 08:59:59 IST on the due date: nothing yet.
      await advanceClock(23 * HOUR_MS - 1000);
      await passAndSettle();
      await sendSms();
      expect(await countTo(DEAL_BRAND_EMAIL, mailReminder)).toBe(0);
      expect(kindsIn(await bellOf(brand, texted.dealId), 'funding_reminder')).toEqual([]);
      expect(reminded()).toEqual([]);

      // 09:00 IST: once, through every channel each brand has.
      await advanceClock(1000);
      await pass();
      const mail = await waitForSubject(DEAL_BRAND_EMAIL, mailReminder);
      const dueDate = clock.now().toISOString().slice(0, 10);
      expect(mail.text).toContain(`(due ${dueDate})`);
      expect(reviewTokenIn(mail.text)).toMatch(/^[\w-]{43}$/);
      expect(kindsIn(await bellOf(brand, texted.dealId), 'funding_reminder')).toEqual([
        'Reminder: fund "Due texted cut" (₹25,000.00)',
      ]);
      await sendSms();
      await eventually(() => reminded().length === 1, { what: 'the due-date SMS' });
      await passAndSettle();
      await sendSms();
      expect(await countTo(DEAL_BRAND_EMAIL, mailReminder)).toBe(1);
      expect(reminded()).toHaveLength(1);
      expect(mailed.dealId).not.toBe(texted.dealId);
    },
    SLOW,
  );

  it(
    'does not send a funding reminder when the brand funds one second before it is due',
    async () => {
      await advanceToIst(10);
      const funded = await acceptedByMail('Funded in time reel', 'In time cut');
      const unfunded = await acceptedByMail('Left unfunded reel', 'Unfunded cut');
      await pass();
      await advanceClock(2 * DAY_MS - 1000);
      await fund(funded.token, funded.first);
      await pass();
      await waitForSubject(CREATOR.email, 'Funded: you can start "In time cut"');

      // The +2 days step is due for both deals; only the one still waiting is reminded.
      await advanceClock(1000);
      await pass();
      await waitForSubject(DEAL_BRAND_EMAIL, 'Reminder: fund "Unfunded cut" (₹25,000.00)');
      await passAndSettle();
      await passAndSettle();
      expect(await countTo(DEAL_BRAND_EMAIL, 'Reminder: fund "In time cut" (₹25,000.00)')).toBe(0);
      expect(await countTo(DEAL_BRAND_EMAIL, 'Reminder: fund "Unfunded cut" (₹25,000.00)')).toBe(1);
      expect(unfunded.dealId).not.toBe(funded.dealId);
    },
    SLOW,
  );
});
