import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import request from 'supertest';
import { Clock } from '../src/common/application/clock.js';
import { InvoicesWorker } from '../src/invoices/infrastructure/invoices-worker.js';
import { NotificationsWorker } from '../src/notifications/index.js';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';
import { AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { DEAL_BRAND_EMAIL, dealTerms, reviewTokenIn } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import { FakeClock } from './support/fake-clock.js';
import { FakePaymentGateway, FakePayoutAccounts } from './support/fake-payment-gateway.js';
import { type MailDevServer, startMailDev } from './support/maildev.js';

const DEALS = '/api/v1/deals';
const MONEY = '/api/v1/deal-review/milestones';
const WEBHOOK = '/api/v1/payments/webhooks/razorpay';
const CREATOR = { sub: 'google-tl-asha', email: 'asha.timeline@creators.in', name: 'Asha Rao' };
const STRANGER = { sub: 'google-tl-ravi', email: 'ravi.timeline@creators.in', name: 'Ravi Iyer' };
const DAY_MS = 86_400_000;

interface SendBody {
  milestoneId: string | null;
  kind: string;
  title: string;
  to: string;
  channel: string;
  status: string;
}

/** 10:00 IST tomorrow (real time): outside quiet hours. */
function tomorrowTenIst(): Date {
  const day = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
  return new Date(`${day}T04:30:00.000Z`);
}

/**
 * The deal's timeline of what Paylock sent (#39 item 7) over HTTP: the real database, the mail
 * outbox delivering into MailDev, the gateway's fake; the test runs the notifications' passes.
 */
describe('The deal timeline of sends (#39 item 7)', () => {
  let idp: IdentityProvider;
  let mailDev: MailDevServer;
  let testApp: TestApp;
  let creator: string;
  let stranger: string;
  const clock = new FakeClock(tomorrowTenIst());
  const gateway = new FakePaymentGateway();
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const pass = () => testApp.app.get(NotificationsWorker).runOnce();

  async function signUp(person: typeof CREATOR): Promise<string> {
    const credential = await idp.issueIdToken(person);
    const session = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return (session.body as SessionBody).accessToken;
  }

  function termsOnTheClock(title: string): Record<string, unknown> {
    const terms = dealTerms({ title });
    const day = (days: number) =>
      new Date(clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);
    const dated = (items: unknown, from: number) =>
      (items as object[]).map((item, index) => ({ ...item, dueDate: day(from + 5 * index) }));
    return {
      ...terms,
      deliverables: dated(terms.deliverables, 20),
      milestones: dated(terms.milestones, 4),
    };
  }

  async function acceptedDeal(title: string) {
    const created = await request(testApp.server)
      .post(DEALS)
      .set(as(creator))
      .send(termsOnTheClock(title))
      .expect(201);
    const dealId = (created.body as { id: string }).id;
    await request(testApp.server).post(`${DEALS}/${dealId}/send`).set(as(creator)).expect(200);
    const review = await mailDev.inbox.waitForMailTo(DEAL_BRAND_EMAIL, {
      subject: `Asha Rao sent you a deal to review: ${title}`,
    });
    const token = reviewTokenIn(review.text);
    await request(testApp.server)
      .post('/api/v1/deal-review/accept')
      .send({ token, fullName: 'Priya Mehta', agreed: true })
      .expect(200);
    const money = await request(testApp.server).post(MONEY).send({ token }).expect(200);
    const [first] = (money.body as { milestones: { id: string }[] }).milestones;
    return { dealId, token, milestoneId: first?.id ?? '' };
  }

  async function fund(token: string, milestoneId: string): Promise<void> {
    const checkout = await request(testApp.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId })
      .expect(200);
    const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
    for (const hook of gateway.paymentWebhooks(gateway.pay(orderId))) {
      await request(testApp.server)
        .post(WEBHOOK)
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', hook.signature)
        .set('X-Razorpay-Event-Id', hook.id)
        .send(hook.body.toString('utf8'))
        .expect(200);
    }
  }

  const creatorTimeline = async (dealId: string): Promise<SendBody[]> =>
    (
      (await request(testApp.server).get(`${DEALS}/${dealId}/notices`).set(as(creator)).expect(200))
        .body as { items: SendBody[] }
    ).items;

  beforeAll(async () => {
    [idp, mailDev] = await Promise.all([startIdentityProvider(), startMailDev()]);
    testApp = await createTestApp({
      env: authTestEnv(idp, {
        SMTP_URL: mailDev.smtpUrl,
        MAIL_POLL_INTERVAL_MS: '50',
        PAYMENTS_WORKER_INTERVAL_MS: '200',
      }),
      configure: (builder) => {
        builder.overrideProvider(Clock).useValue(clock);
        builder.overrideProvider(PaymentGateway).useValue(gateway);
        builder.overrideProvider(PayoutAccounts).useValue(new FakePayoutAccounts());
      },
    });
    creator = await signUp(CREATOR);
    stranger = await signUp(STRANGER);
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await Promise.all([idp.stop(), mailDev.stop()]);
  }, 60_000);

  it('shows per milestone what was sent, to whom, by which channel, and that the e-mail went', async () => {
    await pass(); // the follower starts here
    const { dealId, token, milestoneId } = await acceptedDeal('Timeline reel');
    await fund(token, milestoneId);
    await pass();
    await mailDev.inbox.waitForMailTo(CREATOR.email, {
      subject: 'Funded: you can start "Signing"',
    });

    // Once the outbox worker sent it, the timeline says so (its report, not a read of the outbox).
    let funded: SendBody[] = [];
    await eventually(
      async () => {
        funded = (await creatorTimeline(dealId)).filter(({ kind }) => kind === 'milestone_funded');
        return funded.some(({ channel, status }) => channel === 'email' && status === 'sent');
      },
      { what: 'the funded e-mail reported sent', timeoutMs: 30_000 },
    );
    expect(funded).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          milestoneId,
          title: 'Funded: you can start "Signing"',
          to: 'creator',
          channel: 'in_app',
          status: 'delivered',
        }),
        expect.objectContaining({ milestoneId, to: 'creator', channel: 'email', status: 'sent' }),
      ]),
    );
    expect(funded).toHaveLength(2);
    // The creator also sees what went to the brand (asked to fund the milestone, by e-mail).
    expect(await creatorTimeline(dealId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'funding_due',
          milestoneId,
          to: 'brand',
          channel: 'email',
        }),
      ]),
    );

    // The brand, by its review link, sees only what was sent to the brand.
    const brandSide = (
      await request(testApp.server).post('/api/v1/deal-review/notices').send({ token }).expect(200)
    ).body as { items: SendBody[] };
    expect(brandSide.items.map(({ kind, to }) => [kind, to])).toEqual([['funding_due', 'brand']]);

    // Another creator, a signed-out caller and a bad link read nothing.
    await request(testApp.server).get(`${DEALS}/${dealId}/notices`).set(as(stranger)).expect(404);
    await request(testApp.server).get(`${DEALS}/${dealId}/notices`).expect(401);
    await request(testApp.server)
      .post('/api/v1/deal-review/notices')
      .send({ token: 'x'.repeat(43) })
      .expect(404);
  }, 90_000);

  it('sends the cancellation and invoice notices through the pipeline: each e-mail once, in the bell and on the timeline', async () => {
    const BRAND_CANCEL = '/api/v1/deal-review/cancellation';
    const countTo = async (address: string, subject: string) =>
      (await mailDev.inbox.to(address)).filter((mail) => mail.subject === subject).length;
    const passTwice = async () => {
      await pass();
      await pass();
    };

    // The creator proposes: the brand (accepted by e-mail) is told by e-mail, once.
    const { dealId, token } = await acceptedDeal('Cancelled notices reel');
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/cancellation`)
      .set(as(creator))
      .send({ reason: 'The launch moved' })
      .expect(200);
    await passTwice();
    const toBrand = await mailDev.inbox.waitForMailTo(DEAL_BRAND_EMAIL, {
      subject: 'Asha Rao proposes to cancel: Cancelled notices reel',
    });
    expect(toBrand.text).toContain('Their reason: The launch moved.');
    await request(testApp.server).post(`${BRAND_CANCEL}/decline`).send({ token }).expect(200);

    // The brand proposes: the creator is told in the bell and by e-mail; the creator agrees and
    // the brand (the proposer) is told the deal is cancelled.
    await request(testApp.server)
      .post(BRAND_CANCEL)
      .send({ token, reason: 'Budget cut' })
      .expect(200);
    await passTwice();
    const proposedSubject = 'Glow Naturals Pvt Ltd proposes to cancel: Cancelled notices reel';
    await mailDev.inbox.waitForMailTo(CREATOR.email, { subject: proposedSubject });
    const bell = (await request(testApp.server).get('/api/v1/notifications').set(as(creator)))
      .body as { items: { kind: string; dealId: string; title: string }[] };
    expect(
      bell.items.filter((item) => item.dealId === dealId && item.kind.startsWith('cancellation')),
    ).toEqual([expect.objectContaining({ kind: 'cancellation_proposed', title: proposedSubject })]);
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/cancellation/agree`)
      .set(as(creator))
      .expect(200);
    await passTwice();
    await mailDev.inbox.waitForMailTo(DEAL_BRAND_EMAIL, {
      subject: 'Cancelled: Cancelled notices reel',
    });
    expect(
      await countTo(DEAL_BRAND_EMAIL, 'Asha Rao proposes to cancel: Cancelled notices reel'),
    ).toBe(1);
    expect(await countTo(CREATOR.email, proposedSubject)).toBe(1);
    expect(await countTo(DEAL_BRAND_EMAIL, 'Cancelled: Cancelled notices reel')).toBe(1);
    // The mails of before (deal-cancellation-*) had these subjects: one of each means none twice.
    expect(
      (await creatorTimeline(dealId))
        .filter(({ kind }) => kind.startsWith('cancellation_'))
        .map(({ kind, to, channel }) => `${kind}:${to}:${channel}`)
        .sort(),
    ).toEqual([
      'cancellation_agreed:brand:email',
      'cancellation_proposed:brand:email',
      'cancellation_proposed:creator:email',
      'cancellation_proposed:creator:in_app',
    ]);

    // A released milestone's invoice: to the brand by e-mail with its PDF, once, on the timeline.
    const released = await acceptedDeal('Invoiced notices reel');
    await fund(released.token, released.milestoneId);
    await request(testApp.server)
      .post(`${DEALS}/${released.dealId}/milestones/${released.milestoneId}/submission`)
      .set(as(creator))
      .send({ links: ['https://www.instagram.com/reel/inv/'], note: 'Live' })
      .expect(200);
    await request(testApp.server)
      .post(`${MONEY}/approve`)
      .send({ token: released.token, milestoneId: released.milestoneId })
      .expect(200);
    clock.advance(DAY_MS); // the release follows the approval (the payments worker)
    await eventually(
      async () => {
        const money = await request(testApp.server)
          .post(MONEY)
          .send({ token: released.token })
          .expect(200);
        const { milestones } = money.body as { milestones: { id: string; state: string }[] };
        return milestones.find(({ id }) => id === released.milestoneId)?.state === 'released';
      },
      { what: 'the release', timeoutMs: 30_000 },
    );
    // The invoices and notifications passes are driven here rather than left to their timers,
    // which a loaded machine stretches: the invoice, then its notice, then the outbox's mail.
    let invoiceSubject = '';
    await eventually(
      async () => {
        await testApp.app.get(InvoicesWorker).runOnce();
        await pass();
        invoiceSubject =
          (await mailDev.inbox.to(DEAL_BRAND_EMAIL)).find(({ subject }) =>
            /^Invoice PL\/\d{4}-\d{2}\/\d{4} from /.test(subject),
          )?.subject ?? '';
        return invoiceSubject !== '';
      },
      { what: 'the invoice e-mail', timeoutMs: 120_000, intervalMs: 500 },
    );
    const invoiceMail = (await mailDev.inbox.to(DEAL_BRAND_EMAIL)).find(
      ({ subject }) => subject === invoiceSubject,
    );
    expect(invoiceMail?.attachments?.[0]?.contentType).toBe('application/pdf');
    await passTwice();
    expect(await countTo(DEAL_BRAND_EMAIL, invoiceSubject)).toBe(1);
    expect(
      (await creatorTimeline(released.dealId)).filter(({ kind }) => kind === 'invoice_issued'),
    ).toEqual([
      expect.objectContaining({
        milestoneId: released.milestoneId,
        title: invoiceSubject,
        to: 'brand',
        channel: 'email',
      }),
    ]);
  }, 240_000);
});
