import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import type { TestingModuleBuilder } from '@nestjs/testing';
import request from 'supertest';
import { Clock } from '../src/common/application/clock.js';
import { OutboxWorker } from '../src/mail/application/outbox-worker.js';
import { NotificationsWorker } from '../src/notifications/index.js';
import { MongoReminderQueue } from '../src/notifications/infrastructure/mongo-notification-stores.js';
import {
  DELIVERIES,
  type DeliveryDocument,
} from '../src/notifications/infrastructure/notification.documents.js';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';
import { AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp, waitForDatabase } from './support/create-test-app.js';
import { DEAL_BRAND_EMAIL, dealTerms, reviewTokenIn } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import { FakeClock } from './support/fake-clock.js';
import {
  FakePaymentGateway,
  FakePayoutAccounts,
  type SignedWebhook,
} from './support/fake-payment-gateway.js';
import { type MailDevServer, type ReceivedMail, startMailDev } from './support/maildev.js';

const DEALS = '/api/v1/deals';
const MONEY = '/api/v1/deal-review/milestones';
const WEBHOOK = '/api/v1/payments/webhooks/razorpay';
const NOTIFICATIONS = '/api/v1/notifications';
const CREATOR = { sub: 'google-ntf-asha', email: 'asha.ntf@creators.in', name: 'Asha Rao' };
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 10:00 IST tomorrow (real time): the fake clock's start, outside quiet hours. */
function tomorrowTenIst(): Date {
  const day = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
  return new Date(`${day}T04:30:00.000Z`);
}

interface NoticeBody {
  id: string;
  kind: string;
  title: string;
  body: string;
  actionPath: string;
  readAt: string | null;
}
interface NoticePage {
  items: NoticeBody[];
  nextCursor: string | null;
  unread: number;
}

/**
 * Notifications (#39) over HTTP with a moved clock: the real database, the real mail outbox into
 * MailDev, the payment gateway's fake; the test runs the notifications' passes itself.
 */
describe('Notifications (#39) over HTTP', () => {
  let idp: IdentityProvider;
  let mailDev: MailDevServer;
  let testApp: TestApp;
  let other: TestApp;
  let creator: string;
  const clock = new FakeClock(tomorrowTenIst());
  const gateway = new FakePaymentGateway();
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const pass = (app: TestApp = testApp) => app.app.get(NotificationsWorker).runOnce();
  /**
   * Moves the shared clock once no mail is being sent: a send in flight across a jump of days
   * would find its claim's lease lapsed, and the other instance would rightly send it again (a
   * crash's recovery), which no real clock does.
   */
  const advanceClock = async (ms: number) => {
    await mailDrained();
    clock.advance(ms);
  };
  /** Every mail queued so far sent by both instances, none in flight. */
  const mailDrained = () =>
    Promise.all(
      [testApp, other].map((app) => app.app.get(OutboxWorker, { strict: false }).drained()),
    );
  const mailsTo = (address: string) => mailDev.inbox.to(address);
  const subjects = async (address: string) =>
    (await mailsTo(address)).map(({ subject }) => subject);

  async function deliver(hooks: readonly SignedWebhook[]) {
    for (const hook of hooks) {
      await request(testApp.server)
        .post(WEBHOOK)
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', hook.signature)
        .set('X-Razorpay-Event-Id', hook.id)
        .send(hook.body.toString('utf8'))
        .expect(200);
    }
  }

  async function fund(token: string, milestoneId: string) {
    const checkout = await request(testApp.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId })
      .expect(200);
    const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
    await deliver(gateway.paymentWebhooks(gateway.pay(orderId)));
  }

  async function bell(token: string): Promise<NoticePage> {
    return (await request(testApp.server).get(NOTIFICATIONS).set(as(token)).expect(200))
      .body as NoticePage;
  }

  /** The fixture's terms with their dates counted from the (moved) clock, not from today. */
  function termsOnTheClock(overrides: Record<string, unknown>): Record<string, unknown> {
    const terms = dealTerms(overrides);
    const day = (days: number) =>
      new Date(clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);
    const dated = <T extends object>(items: unknown, from: number): T[] =>
      (items as T[]).map((item, index) => ({ ...item, dueDate: day(from + 5 * index) }));
    return {
      ...terms,
      deliverables: dated(terms.deliverables, 20),
      milestones: dated(terms.milestones, 4),
    };
  }

  /** A deal sent by the creator and accepted by the brand through the mailed review link. */
  async function acceptedDeal(title: string, overrides: Record<string, unknown> = {}) {
    const created = await request(testApp.server)
      .post(DEALS)
      .set(as(creator))
      .send(termsOnTheClock({ title, ...overrides }))
      .expect(201);
    const dealId = (created.body as { id: string }).id;
    await request(testApp.server).post(`${DEALS}/${dealId}/send`).set(as(creator)).expect(200);
    const brand = overrides.brand as { contactEmail?: string } | undefined;
    const review = await mailDev.inbox.waitForMailTo(brand?.contactEmail ?? DEAL_BRAND_EMAIL, {
      subject: `Asha Rao sent you a deal to review: ${title}`,
    });
    const token = reviewTokenIn(review.text);
    await request(testApp.server)
      .post('/api/v1/deal-review/accept')
      .send({ token, fullName: 'Priya Mehta', agreed: true })
      .expect(200);
    const money = await request(testApp.server).post(MONEY).send({ token }).expect(200);
    const milestones = (money.body as { milestones: { id: string; state: string }[] }).milestones;
    return { dealId, token, milestones };
  }

  const waitForSubject = (address: string, subject: string) =>
    mailDev.inbox.waitForMailTo(address, { subject, timeoutMs: 30_000 });

  /** A header as sent (MailDev's list keeps only a few: read the raw message). */
  async function headerOf(mail: ReceivedMail, name: string): Promise<string> {
    const response = await fetch(`${mailDev.apiUrl}/api/email/${mail.id}/source`);
    const raw = await response.text();
    const source = raw.split(/\r?\n\r?\n/)[0] ?? '';
    const unfolded = source.replace(/\r?\n[ \t]+/g, ' ');
    const line = unfolded.split(/\r?\n/).find((each) => each.toLowerCase().startsWith(`${name}:`));
    return line?.slice(name.length + 1).trim() ?? '';
  }

  beforeAll(async () => {
    [idp, mailDev] = await Promise.all([startIdentityProvider(), startMailDev()]);
    const env = authTestEnv(idp, {
      SMTP_URL: mailDev.smtpUrl,
      MAIL_POLL_INTERVAL_MS: '50',
      PAYMENTS_WORKER_INTERVAL_MS: '200',
    });
    const configure = (builder: TestingModuleBuilder) => {
      builder.overrideProvider(Clock).useValue(clock);
      builder.overrideProvider(PaymentGateway).useValue(gateway);
      builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts());
    };
    testApp = await createTestApp({ env, configure });
    // A second instance on the same database (not emptied again): both run the passes.
    other = await createTestApp({ env, configure, waitForDatabase: false });
    await waitForDatabase(other.connection);
    const credential = await idp.issueIdToken(CREATOR);
    creator = (
      (await request(testApp.server).post(`${AUTH}/register`).send({ credential }).expect(201))
        .body as SessionBody
    ).accessToken;
  }, 60_000);

  afterAll(async () => {
    await other.app.close();
    await testApp.close();
    await Promise.all([idp.stop(), mailDev.stop()]);
  }, 60_000);

  it('tells each side what the money waits for, once, and reminders stop when the action happens', async () => {
    await pass(); // the follower starts here: nothing before is news
    const { dealId, token, milestones } = await acceptedDeal('Diwali notices reel');
    const [first] = milestones;
    if (!first) throw new Error('no milestone');
    // Two instances follow the history at once: each notice once.
    await Promise.all([pass(), pass(other)]);

    // The creator: in the bell, and by e-mail.
    const accepted = await bell(creator);
    expect(accepted.unread).toBe(1);
    expect(accepted.items[0]).toMatchObject({
      kind: 'deal_accepted',
      title: 'Glow Naturals Pvt Ltd accepted "Diwali notices reel"',
      actionPath: `/creator/contracts/${dealId}`,
      readAt: null,
    });
    await waitForSubject(CREATOR.email, 'Glow Naturals Pvt Ltd accepted "Diwali notices reel"');
    // The brand (accepted by e-mail): asked to fund, in rupees, with a link that opens the money.
    const fundMail = await waitForSubject(DEAL_BRAND_EMAIL, 'Fund "Signing" (₹25,000.00)');
    expect(fundMail.text).toContain('"Diwali notices reel"');
    expect(await headerOf(fundMail, 'list-unsubscribe')).toBe(''); // transactional: no unsubscribe
    // Its button opens the review page at the milestone; the token alone grants anything.
    expect(fundMail.text).toMatch(
      new RegExp(`/deal-review\\?token=[\\w-]{43}&milestone=${first.id}\\b`),
    );
    const moneyLink = reviewTokenIn(fundMail.text);
    await request(testApp.server).post(MONEY).send({ token: moneyLink }).expect(200);

    // +2 days: the first funding reminder, with one-click unsubscribe; twice run, once sent.
    await advanceClock(2 * DAY_MS);
    await Promise.all([pass(), pass(other), pass()]);
    const reminder = await waitForSubject(
      DEAL_BRAND_EMAIL,
      'Reminder: fund "Signing" (₹25,000.00)',
    );
    expect(await headerOf(reminder, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await headerOf(reminder, 'list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:\d+\/api\/v1\/notifications\/unsubscribe\?token=[\w-]{43}>$/,
    );

    // The brand funds: the creator may start; the +5 days reminder is not sent.
    await fund(token, first.id);
    await pass();
    await waitForSubject(CREATOR.email, 'Funded: you can start "Signing"');
    await advanceClock(3 * DAY_MS + HOUR_MS);
    await pass();

    // Work submitted: the brand is asked to review, told when it approves itself.
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${first.id}/submission`)
      .set(as(creator))
      .send({ links: ['https://www.instagram.com/reel/ntf/'], note: 'Live now' })
      .expect(200);
    await pass();
    const submitted = await waitForSubject(DEAL_BRAND_EMAIL, 'Work submitted: review "Signing"');
    expect(submitted.text).toMatch(/approves itself on \d{1,2} \w{3}, \d\d:\d\d IST/);

    // 48 h before the approval window ends: a reminder; the brand approves before the 24 h one.
    await advanceClock(5 * DAY_MS + HOUR_MS);
    await pass();
    await waitForSubject(DEAL_BRAND_EMAIL, 'Reminder: review "Signing"');
    await request(testApp.server)
      .post(`${MONEY}/approve`)
      .send({ token, milestoneId: first.id })
      .expect(200);
    await pass();
    await waitForSubject(CREATOR.email, 'Approved: "Signing"');
    await advanceClock(DAY_MS);
    await eventually(
      async () => {
        await pass();
        return (await subjects(CREATOR.email)).includes('Released: ₹25,000.00 for "Signing"');
      },
      { what: 'the release notice', timeoutMs: 30_000 },
    );

    // Everything once, and the reminders whose state moved on never went.
    await waitForSubject(DEAL_BRAND_EMAIL, 'Fund "Draft" (₹50,000.00)');
    const brandSubjects = await subjects(DEAL_BRAND_EMAIL);
    const count = (subject: string) => brandSubjects.filter((each) => each === subject).length;
    expect(count('Fund "Signing" (₹25,000.00)')).toBe(1);
    expect(count('Reminder: fund "Signing" (₹25,000.00)')).toBe(1);
    expect(count('Work submitted: review "Signing"')).toBe(1);
    expect(count('Reminder: review "Signing"')).toBe(1);
    expect(count('Released: ₹25,000.00 for "Signing"')).toBe(1);
    // The release asks for the next milestone's money.
    expect(count('Fund "Draft" (₹50,000.00)')).toBe(1);

    // Each opens the deal page: at the milestone it is about, or the deal's top for the deal's.
    const page = await bell(creator);
    const atSigning = `/creator/contracts/${dealId}?milestone=${first.id}`;
    expect(page.items.map(({ kind, actionPath }) => [kind, actionPath])).toEqual([
      ['released', atSigning],
      ['approved', atSigning],
      ['milestone_funded', atSigning],
      ['deal_accepted', `/creator/contracts/${dealId}`],
    ]);
    expect(page.unread).toBe(4);
  }, 120_000);

  it('pages the bell by an opaque cursor, marks read, and refuses a forged cursor', async () => {
    const first = await request(testApp.server)
      .get(`${NOTIFICATIONS}?limit=3`)
      .set(as(creator))
      .expect(200);
    const page = first.body as NoticePage;
    expect(page.items).toHaveLength(3);
    expect(page.nextCursor).toEqual(expect.any(String));
    const second = (
      await request(testApp.server)
        .get(`${NOTIFICATIONS}?limit=3&cursor=${page.nextCursor ?? ''}`)
        .set(as(creator))
        .expect(200)
    ).body as NoticePage;
    expect(second.items.map(({ kind }) => kind)).toEqual(['deal_accepted']);
    expect(second.nextCursor).toBeNull();
    const forged = Buffer.from('user:someone-else:2026').toString('base64url');
    await request(testApp.server)
      .get(`${NOTIFICATIONS}?cursor=${forged}`)
      .set(as(creator))
      .expect(400);

    const [newest] = page.items;
    const marked = await request(testApp.server)
      .post(`${NOTIFICATIONS}/${newest?.id ?? ''}/read`)
      .set(as(creator))
      .expect(200);
    expect(marked.body).toEqual({ marked: 1, unread: 3 });
    const all = await request(testApp.server)
      .post(`${NOTIFICATIONS}/read-all`)
      .set(as(creator))
      .expect(200);
    expect(all.body).toEqual({ marked: 3, unread: 0 });
    const count = await request(testApp.server)
      .get(`${NOTIFICATIONS}/unread-count`)
      .set(as(creator))
      .expect(200);
    expect(count.body).toEqual({ unread: 0 });
    await request(testApp.server).get(NOTIFICATIONS).expect(401);
  });

  it('unsubscribes in one click without signing in; a tampered, replayed or expired link changes nothing', async () => {
    const [reminder] = (await mailsTo(DEAL_BRAND_EMAIL)).filter(({ subject }) =>
      subject.startsWith('Reminder: fund'),
    );
    if (!reminder) throw new Error('no reminder');
    const url = new URL((await headerOf(reminder, 'list-unsubscribe')).slice(1, -1));
    const path = `${url.pathname}${url.search}`;
    const tampered = path.replace(
      /token=(.)/,
      (_all, c: string) => `token=${c === 'A' ? 'B' : 'A'}`,
    );

    const refused = await request(testApp.server)
      .post(tampered)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(400);
    expect(refused.text).toContain('This link does not work');
    const shown = await request(testApp.server).get(path).expect(200);
    expect(shown.text).toContain('Stop reminders by e-mail');

    const done = await request(testApp.server)
      .post(path)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(done.text).toContain('Reminders by e-mail are off');
    const replayed = await request(testApp.server)
      .post(path)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(410);
    expect(replayed.text).toContain('already used');

    // Another reminder link, used after it expired: nothing changes.
    const second = (await mailsTo(DEAL_BRAND_EMAIL)).filter(({ subject }) =>
      subject.startsWith('Reminder: review'),
    )[0];
    if (!second) throw new Error('no second reminder');
    const later = new URL((await headerOf(second, 'list-unsubscribe')).slice(1, -1));
    await advanceClock(91 * DAY_MS);
    await request(testApp.server)
      .post(`${later.pathname}${later.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(410);
    await advanceClock(-91 * DAY_MS);

    // From now on the brand's reminders stay out of its inbox; its transactional notices do not.
    await acceptedDeal('Unsubscribed reel');
    await pass();
    const fundSubject = 'Fund "Signing" (₹25,000.00)';
    await mailDev.inbox.waitFor(
      (all) => all.filter(({ subject }) => subject === fundSubject).length === 2,
      { what: 'the second deal’s funding notice' },
    );
    await mailDrained(); // the deal's other mails (the signed copy) may still be on their way
    const before = (await subjects(DEAL_BRAND_EMAIL)).length;
    await advanceClock(2 * DAY_MS);
    await pass();
    await pass();
    // The reminder was due and is done (removed from the queue), yet no mail went.
    const queued = await new MongoReminderQueue(testApp.connection).due(clock.now(), 1000);
    expect(queued.filter(({ key }) => key.endsWith(':2d'))).toEqual([]);
    expect((await subjects(DEAL_BRAND_EMAIL)).length).toBe(before);
  }, 60_000);

  it('keeps preferences per person: reminders may be turned off, transactional notices not', async () => {
    const preferences = await request(testApp.server)
      .get(`${NOTIFICATIONS}/preferences`)
      .set(as(creator))
      .expect(200);
    expect(preferences.body).toEqual({ remindersByEmail: true, remindersBySms: true });
    await request(testApp.server)
      .put(`${NOTIFICATIONS}/preferences`)
      .set(as(creator))
      .send({ remindersByEmail: false, remindersBySms: true })
      .expect(200);
    await request(testApp.server)
      .put(`${NOTIFICATIONS}/preferences`)
      .set(as(creator))
      .send({ remindersByEmail: 'no' })
      .expect(400);
    const saved = await request(testApp.server)
      .get(`${NOTIFICATIONS}/preferences`)
      .set(as(creator))
      .expect(200);
    expect(saved.body).toEqual({ remindersByEmail: false, remindersBySms: true });
  });

  it('takes over a notice whose instance died holding its claim once the lease lapsed, and sends it once', async () => {
    await pass();
    const title = 'Takeover notices reel';
    const created = await request(testApp.server)
      .post(DEALS)
      .set(as(creator))
      .send(termsOnTheClock({ title }))
      .expect(201);
    const dealId = (created.body as { id: string }).id;
    await request(testApp.server).post(`${DEALS}/${dealId}/send`).set(as(creator)).expect(200);
    const review = await mailDev.inbox.waitForMailTo(DEAL_BRAND_EMAIL, {
      subject: `Asha Rao sent you a deal to review: ${title}`,
    });
    const historyOf = async () =>
      (
        (await request(testApp.server).get(`${DEALS}/${dealId}`).set(as(creator)).expect(200))
          .body as { history: { to: string }[] }
      ).history;
    // An instance claimed the creator's e-mail of the acceptance, then died before handing it over.
    const acceptance = (await historyOf()).length;
    const user = await testApp.connection
      .collection('users')
      .findOne({ email: CREATOR.email }, { projection: { _id: 1 } });
    const eventId = `${dealId}:${String(acceptance)}:deal_accepted`;
    const recipient = `user:${String(user?._id)}`;
    await testApp.connection.collection<DeliveryDocument>(DELIVERIES).insertOne({
      _id: `${eventId}|${recipient}|email`,
      eventId,
      recipient,
      channel: 'email',
      dealId,
      milestoneId: null,
      kind: 'deal_accepted',
      at: clock.now(),
      outboxKey: null,
      status: 'claimed',
      claimedAt: clock.now(),
      attempt: 1,
    });
    await request(testApp.server)
      .post('/api/v1/deal-review/accept')
      .send({ token: reviewTokenIn(review.text), fullName: 'Priya Mehta', agreed: true })
      .expect(200);
    expect((await historyOf())[acceptance]?.to).toBe('accepted');
    const subject = `Glow Naturals Pvt Ltd accepted "${title}"`;

    // Both instances follow the acceptance while the dead holder's claim is fresh: the bell has
    // it, the e-mail waits.
    await Promise.all([pass(), pass(other)]);
    await mailDrained();
    expect((await bell(creator)).items.map(({ title: each }) => each)).toContain(subject);
    expect(await subjects(CREATOR.email)).not.toContain(subject);

    // Its lease (60 s) lapsed: the next pass takes it over and sends it, once.
    await advanceClock(61_000);
    await Promise.all([pass(), pass(other)]);
    await waitForSubject(CREATOR.email, subject);
    await Promise.all([pass(), pass(other)]);
    await mailDrained();
    expect((await subjects(CREATOR.email)).filter((each) => each === subject)).toHaveLength(1);
  });
  it('keeps a due reminder whose delivery a dead instance holds, and sends it once the lease lapsed', async () => {
    await pass();
    const title = 'Held reminder reel';
    const brandEmail = 'rohan@heldreminders.in';
    const { dealId } = await acceptedDeal(title, {
      brand: { ...(dealTerms().brand as object), contactEmail: brandEmail },
    });
    await Promise.all([pass(), pass(other)]);
    await waitForSubject(brandEmail, 'Fund "Signing" (₹25,000.00)');
    const deliveries = testApp.connection.collection<DeliveryDocument>(DELIVERIES);
    const brandKey = (await deliveries.find({ dealId, channel: 'email' }).toArray()).find(
      ({ recipient }) => !recipient.startsWith('user:'),
    )?.recipient;
    if (!brandKey) throw new Error("no e-mail delivery to the deal's brand");

    // +2 days the funding reminder is due; an instance claimed its e-mail then, and died. The
    // claim is written before the clock moves: the instances' own timers run passes too.
    const twoDaysOn = new Date(clock.now().getTime() + 2 * DAY_MS);
    const queue = new MongoReminderQueue(testApp.connection);
    const dueOfDeal = async (at = clock.now()) =>
      (await queue.due(at, 1000)).filter((reminder) => reminder.dealId === dealId);
    const [reminder] = await dueOfDeal(twoDaysOn);
    if (!reminder) throw new Error('no funding reminder due');
    await deliveries.insertOne({
      _id: `${reminder.key}|${brandKey}|email`,
      eventId: reminder.key,
      recipient: brandKey,
      channel: 'email',
      dealId,
      milestoneId: reminder.milestoneId,
      kind: reminder.kind,
      at: twoDaysOn,
      outboxKey: null,
      status: 'claimed',
      claimedAt: twoDaysOn,
      attempt: 1,
    });
    await advanceClock(2 * DAY_MS);
    const reminders = async () =>
      (await mailsTo(brandEmail)).filter(({ subject }) => subject.startsWith('Reminder: fund'));

    // While the dead holder's claim is fresh, both instances leave the reminder due, unsent.
    await Promise.all([pass(), pass(other)]);
    await mailDrained();
    expect(await reminders()).toEqual([]);
    expect((await dueOfDeal()).map(({ key }) => key)).toContain(reminder.key);

    // Its lease (60 s) lapsed: a pass takes it over and sends it once; then it is done.
    await advanceClock(61_000);
    await Promise.all([pass(), pass(other)]);
    await waitForSubject(brandEmail, 'Reminder: fund "Signing" (₹25,000.00)');
    await Promise.all([pass(), pass(other)]);
    await mailDrained();
    expect(await reminders()).toHaveLength(1);
    expect((await dueOfDeal()).map(({ key }) => key)).not.toContain(reminder.key);
  });
});
