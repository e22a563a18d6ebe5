import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import request from 'supertest';
import { AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { acceptedDeal as acceptedDealOf, dealTerms } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import {
  FakePaymentGateway,
  FakePayoutAccounts,
  type SignedWebhook,
} from './support/fake-payment-gateway.js';
import { InMemoryOutbox } from './support/in-memory-outbox.js';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { PayoutAccounts } from '../src/payouts/payouts.contract.js';

const DEALS = '/api/v1/deals';
const MONEY = '/api/v1/deal-review/milestones';
const WEBHOOK = '/api/v1/payments/webhooks/razorpay';
const ADMIN = { sub: 'ops-1', email: 'ops@paylock.in', name: 'Ops' };

interface MilestoneBody {
  id: string;
  state: string;
  amountPaise: number;
  revisionsUsed: number;
  approvalDueAt: string | null;
  dispute: { id: string; openedBy: string; resolution: { decision: string } | null } | null;
}
interface MoneyBody {
  dealId: string;
  state: string;
  milestones: MilestoneBody[];
}
interface LedgerDocument {
  eventKey: string;
  kind: string;
  lines: { account: string; amountPaise: number }[];
}

describe('Milestone money (#26) over HTTP', () => {
  let idp: IdentityProvider;
  let testApp: TestApp;
  const gateway = new FakePaymentGateway();
  const payouts = new FakePayoutAccounts();
  const outbox = new InMemoryOutbox();
  let asha: string;
  let ashaId = '';
  let ravi: string;
  let admin: string;

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function signUp(sub: string, email: string, name: string): Promise<SessionBody> {
    const credential = await idp.issueIdToken({ sub, email, name });
    const response = await request(testApp.server)
      .post(`${AUTH}/register`)
      .send({ credential })
      .expect(201);
    return response.body as SessionBody;
  }

  /** A deal created, sent and accepted by the brand; its review token and milestones. */
  async function acceptedDeal(overrides: Record<string, unknown> = {}) {
    const { dealId, token } = await acceptedDealOf(testApp.server, outbox, asha, overrides);
    const money = await request(testApp.server).post(MONEY).send({ token }).expect(200);
    return { dealId, token, milestones: (money.body as MoneyBody).milestones };
  }

  async function deliver(hooks: readonly SignedWebhook[]) {
    const statuses: string[] = [];
    for (const hook of hooks) {
      const response = await request(testApp.server)
        .post(WEBHOOK)
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', hook.signature)
        .set('X-Razorpay-Event-Id', hook.id)
        .send(hook.body.toString('utf8'))
        .expect(200);
      statuses.push((response.body as { status: string }).status);
    }
    return statuses;
  }

  /** Funds the milestone through the checkout, the gateway's payment and its webhooks (dup ×3, shuffled). */
  async function fund(token: string, milestoneId: string) {
    const checkout = await request(testApp.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId })
      .expect(200);
    const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
    const payment = gateway.pay(orderId);
    const hooks = gateway.paymentWebhooks(payment);
    const statuses = await deliver([...hooks, ...hooks, ...hooks].reverse());
    expect(
      statuses.filter((status) => status === 'processed' || status === 'deferred'),
    ).toHaveLength(hooks.length);
    return { orderId, payment };
  }

  async function moneyOf(token: string): Promise<MoneyBody> {
    return (await request(testApp.server).post(MONEY).send({ token }).expect(200))
      .body as MoneyBody;
  }

  const ledger = () => testApp.connection.collection<LedgerDocument>('ledger_transactions');

  beforeAll(async () => {
    idp = await startIdentityProvider();
    testApp = await createTestApp({
      env: authTestEnv(idp, {
        ADMIN_EMAILS: ADMIN.email,
        PAYMENTS_WORKER_INTERVAL_MS: '200',
        PAYMENTS_RECONCILIATION_INTERVAL_MS: '1000',
        PAYLOCK_FEE_BASIS_POINTS: '200',
        PAYMENTS_APPROVAL_DAY_MS: '1000',
      }),
      outbox,
      configure: (builder) => {
        builder.overrideProvider(PaymentGateway).useValue(gateway);
        builder.overrideProvider(PayoutAccounts).useValue(payouts);
      },
    });
    asha = (await signUp('asha-1', 'asha@creators.in', 'Asha Rao')).accessToken;
    ravi = (await signUp('ravi-1', 'ravi@creators.in', 'Ravi Kumar')).accessToken;
    admin = (await signUp(ADMIN.sub, ADMIN.email, ADMIN.name)).accessToken;
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await idp.stop();
  }, 60_000);

  it('refuses to send a deal until the payout profile is verified (409)', async () => {
    const created = await request(testApp.server)
      .post(DEALS)
      .set(as(ravi))
      .send(dealTerms())
      .expect(201);
    const dealId = (created.body as { id: string }).id;
    const creatorId = await creatorIdOf(dealId);
    payouts.unverified.add(creatorId);
    const refused = await request(testApp.server)
      .post(`${DEALS}/${dealId}/send`)
      .set(as(ravi))
      .expect(409);
    expect((refused.body as { code: string }).code).toBe('PAYOUT_PROFILE_NOT_VERIFIED');
    payouts.unverified.delete(creatorId);
    await request(testApp.server).post(`${DEALS}/${dealId}/send`).set(as(ravi)).expect(200);
  }, 60_000);

  async function creatorIdOf(dealId: string): Promise<string> {
    const deal = await testApp.connection
      .collection<{ _id: string; creatorId: string }>('deals')
      .findOne({ _id: dealId });
    return deal?.creatorId ?? '';
  }

  it('funds, submits, asks changes within the rounds, approves, releases and settles: one balanced transaction per step', async () => {
    const { dealId, token, milestones } = await acceptedDeal({ revisionRounds: 1 });
    ashaId = await creatorIdOf(dealId);
    const [first] = milestones;
    if (!first) throw new Error('no milestone');
    expect(first.state).toBe('pending');

    // Unsigned, badly signed and unknown events: 400, nothing stored.
    const stored = await testApp.connection.collection('payment_webhook_events').countDocuments();
    await request(testApp.server)
      .post(WEBHOOK)
      .set('Content-Type', 'application/json')
      .send('{"event":"payment.captured","payload":{}}')
      .expect(400);
    const forged = gateway.webhook('payment.captured', {
      payment: { id: 'pay_x', order_id: 'order_x' },
    });
    await request(testApp.server)
      .post(WEBHOOK)
      .set('Content-Type', 'application/json')
      .set(
        'X-Razorpay-Signature',
        forged.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
      )
      .set('X-Razorpay-Event-Id', forged.id)
      .send(forged.body.toString('utf8'))
      .expect(400);
    const unknown = gateway.webhook('invoice.paid', { invoice: { id: 'inv_1' } });
    await request(testApp.server)
      .post(WEBHOOK)
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', unknown.signature)
      .set('X-Razorpay-Event-Id', unknown.id)
      .send(unknown.body.toString('utf8'))
      .expect(400);
    expect(await testApp.connection.collection('payment_webhook_events').countDocuments()).toBe(
      stored,
    );

    const { orderId, payment } = await fund(token, first.id);
    let money = await moneyOf(token);
    expect(money.milestones[0]?.state).toBe('funded');
    // A replay of a processed event changes nothing.
    const [again] = gateway.paymentWebhooks(payment);
    if (again) expect(await deliver([{ ...again, id: again.id }])).toEqual(['processed']);
    expect(await ledger().countDocuments({ dealId, kind: 'funded' })).toBe(1);

    // The browser's return: a bad signature goes to "failed", a good one to "success".
    const bad = await request(testApp.server)
      .post('/api/v1/payments/checkout/callback')
      .type('form')
      .send({
        razorpay_order_id: orderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: 'nope',
      })
      .expect(303);
    expect(bad.headers.location).toContain('payment=failed');
    // A failed payment: Razorpay posts its error[…] fields, and the brand is sent back all the same.
    const failed = await request(testApp.server)
      .post('/api/v1/payments/checkout/callback')
      .type('form')
      .send(
        'error%5Bcode%5D=BAD_REQUEST_ERROR&error%5Bdescription%5D=Payment+failed' +
          '&error%5Bsource%5D=customer&error%5Bstep%5D=payment_authorization' +
          '&error%5Breason%5D=payment_failed&error%5Bmetadata%5D=%7B%7D',
      )
      .expect(303);
    expect(failed.headers.location).toContain('payment=failed');
    const good = await request(testApp.server)
      .post('/api/v1/payments/checkout/callback')
      .type('form')
      .send({
        razorpay_order_id: orderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: gateway.signCheckout(orderId, payment.id),
      })
      .expect(303);
    expect(good.headers.location).toContain('payment=success');

    // Another creator: 404, like a deal that does not exist.
    const submission = { links: ['https://www.instagram.com/reel/abc/'], note: 'Live now' };
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${first.id}/submission`)
      .set(as(ravi))
      .send(submission)
      .expect(404);
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${first.id}/submission`)
      .set(as(asha))
      .send({ links: ['http://x.in'], note: '' })
      .expect(400);
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${first.id}/submission`)
      .set(as(asha))
      .send(submission)
      .expect(200);
    await request(testApp.server)
      .post(`${MONEY}/request-changes`)
      .send({ token, milestoneId: first.id, note: 'Add the code' })
      .expect(200);
    money = await moneyOf(token);
    expect(money.milestones[0]).toMatchObject({ state: 'changes_requested', revisionsUsed: 1 });
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${first.id}/submission`)
      .set(as(asha))
      .send(submission)
      .expect(200);
    const used = await request(testApp.server)
      .post(`${MONEY}/request-changes`)
      .send({ token, milestoneId: first.id, note: 'Again' })
      .expect(409);
    expect((used.body as { code: string }).code).toBe('REVISION_ROUNDS_USED');

    await request(testApp.server)
      .post(`${MONEY}/approve`)
      .send({ token, milestoneId: first.id })
      .expect(200);
    money = await moneyOf(token);
    expect(money.milestones[0]?.state).toBe('released');
    gateway.settleReleased();
    await deliver(gateway.settlementWebhooks());
    money = await moneyOf(token);
    expect(money.milestones[0]?.state).toBe('settled');

    const transactions = await ledger().find({ dealId }).toArray();
    expect(transactions.map(({ kind }) => kind).sort()).toEqual(['funded', 'released', 'settled']);
    for (const { lines } of transactions) {
      expect(lines.reduce((sum, { amountPaise }) => sum + amountPaise, 0)).toBe(0);
    }
    const released = transactions.find(({ kind }) => kind === 'released');
    expect(released?.lines).toContainEqual({ account: 'paylock:fees', amountPaise: 50_000 });

    // The creator's deal shows the money state too.
    const deal = await request(testApp.server).get(`${DEALS}/${dealId}`).set(as(asha)).expect(200);
    expect((deal.body as { milestones: MilestoneBody[] }).milestones[0]?.state).toBe('settled');
  }, 60_000);

  it('approves automatically once the approval window ends without an answer', async () => {
    const { token, milestones, dealId } = await acceptedDeal({ approvalWindowDays: 1 });
    const [first] = milestones;
    if (!first) throw new Error('no milestone');
    await fund(token, first.id);
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${first.id}/submission`)
      .set(as(asha))
      .send({ links: ['https://youtu.be/x'], note: '' })
      .expect(200);
    await eventually(async () => (await moneyOf(token)).milestones[0]?.state === 'released', {
      what: 'the auto-approval and release',
    });
    const deal = await testApp.connection
      .collection<{ history: { by: string; milestone?: { action: string } }[] }>('deals')
      .findOne({ _id: dealId as never });
    expect(
      deal?.history.some((entry) => entry.by === 'system' && entry.milestone?.action === 'approve'),
    ).toBe(true);
  }, 60_000);

  it('never funds from a payment of another amount; refunds a payment for a milestone already funded', async () => {
    const { token, milestones, dealId } = await acceptedDeal();
    const [first] = milestones;
    if (!first) throw new Error('no milestone');
    const checkout = await request(testApp.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId: first.id })
      .expect(200);
    const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
    const short = gateway.pay(orderId, 100);
    await deliver(gateway.paymentWebhooks(short));
    expect((await moneyOf(token)).milestones[0]?.state).toBe('pending');
    expect(await ledger().countDocuments({ dealId })).toBe(0);
    // Pays properly, then pays the same order again: the second payment goes back.
    const paid = gateway.pay(orderId);
    await deliver(gateway.paymentWebhooks(paid));
    const twice = gateway.pay(orderId);
    await deliver(gateway.paymentWebhooks(twice));
    expect((await moneyOf(token)).milestones[0]?.state).toBe('funded');
    await eventually(() => gateway.payments.get(twice.id)?.status === 'refunded', {
      what: 'the second payment refunded',
    });
    expect(gateway.payments.get(paid.id)?.status).toBe('captured');
    expect(await ledger().countDocuments({ dealId, kind: 'funded' })).toBe(1);
  }, 60_000);

  it('freezes a disputed milestone until an admin decides: refund and release, audited', async () => {
    const { token, milestones, dealId } = await acceptedDeal();
    const [first, second] = milestones;
    if (!first || !second) throw new Error('no milestones');
    await fund(token, first.id);
    await fund(token, second.id);
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${first.id}/dispute`)
      .set(as(ravi))
      .send({ reason: 'x' })
      .expect(404);
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${first.id}/dispute`)
      .set(as(asha))
      .send({ reason: 'The brand went silent' })
      .expect(200);
    await request(testApp.server)
      .post(`${MONEY}/dispute`)
      .send({ token, milestoneId: second.id, reason: 'Not as briefed' })
      .expect(200);
    await request(testApp.server)
      .post(`${MONEY}/approve`)
      .send({ token, milestoneId: first.id })
      .expect(409);

    await request(testApp.server).get('/api/v1/admin/disputes').set(as(asha)).expect(403);
    const list = await request(testApp.server)
      .get('/api/v1/admin/disputes')
      .set(as(admin))
      .expect(200);
    const items = (list.body as { items: { id: string; milestoneId: string; openedBy: string }[] })
      .items;
    const creatorDispute = items.find((item) => item.milestoneId === first.id);
    const brandDispute = items.find((item) => item.milestoneId === second.id);
    expect(creatorDispute?.openedBy).toBe('creator');
    expect(brandDispute?.openedBy).toBe('brand');
    const detail = await request(testApp.server)
      .get(`/api/v1/admin/disputes/${creatorDispute?.id ?? ''}`)
      .set(as(admin))
      .expect(200);
    expect(
      (detail.body as { history: { action: string }[] }).history.map(({ action }) => action),
    ).toEqual(['fund', 'dispute']);
    await request(testApp.server).get('/api/v1/admin/disputes/nope').set(as(admin)).expect(404);

    await request(testApp.server)
      .post(`/api/v1/admin/disputes/${creatorDispute?.id ?? ''}/resolution`)
      .set(as(admin))
      .send({ decision: 'release', note: 'Delivered as agreed' })
      .expect(200);
    await request(testApp.server)
      .post(`/api/v1/admin/disputes/${creatorDispute?.id ?? ''}/resolution`)
      .set(as(admin))
      .send({ decision: 'refund', note: 'Twice' })
      .expect(409);
    await request(testApp.server)
      .post(`/api/v1/admin/disputes/${brandDispute?.id ?? ''}/resolution`)
      .set(as(admin))
      .send({ decision: 'refund', note: 'Not delivered' })
      .expect(200);
    const money = await moneyOf(token);
    expect(money.milestones.slice(0, 2).map(({ state }) => state)).toEqual([
      'released',
      'refunded',
    ]);
    const kinds = (await ledger().find({ dealId }).toArray()).map(({ kind }) => kind).sort();
    expect(kinds).toEqual(['funded', 'funded', 'refunded', 'released']);
    const audit = await request(testApp.server)
      .get('/api/v1/admin/audit-log')
      .set(as(admin))
      .expect(200);
    const resolved = (audit.body as { items: { action: string }[] }).items.filter(
      ({ action }) => action === 'dispute.resolved',
    );
    expect(resolved).toHaveLength(2);
  }, 60_000);

  it('reconciles the ledger with the gateway: no difference after all of the above', async () => {
    const started = Date.now();
    await eventually(
      async () => {
        const response = await request(testApp.server)
          .get('/api/v1/admin/reconciliation')
          .set(as(admin))
          .expect(200);
        const body = response.body as { ranAt: string | null };
        return body.ranAt !== null && Date.parse(body.ranAt) > started;
      },
      { what: 'a reconciliation run' },
    );
    const report = await request(testApp.server)
      .get('/api/v1/admin/reconciliation')
      .set(as(admin))
      .expect(200);
    const body = report.body as {
      differenceCount: number;
      checkedMilestones: number;
      differences: unknown[];
    };
    expect(body.differences).toEqual([]);
    expect(body.checkedMilestones).toBeGreaterThanOrEqual(5);
    const overview = await request(testApp.server)
      .get('/api/v1/admin/waitlist/overview')
      .set(as(admin))
      .expect(200);
    expect(
      (overview.body as { reconciliation: { differences: number } | null }).reconciliation,
    ).toMatchObject({ differences: 0 });
    const balances = await ledger()
      .aggregate<{ _id: string; total: number }>([
        { $match: { creatorId: ashaId } },
        { $unwind: '$lines' },
        { $group: { _id: '$lines.account', total: { $sum: '$lines.amountPaise' } } },
      ])
      .toArray();
    expect(balances.length).toBeGreaterThan(0);
  }, 60_000);
});
