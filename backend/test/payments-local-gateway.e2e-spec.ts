import request from 'supertest';
import { acceptedDeal } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import { bearer as as, type LocalMoneyApp, startLocalMoneyApp } from './support/local-money-app.js';

const MONEY = '/api/v1/deal-review/milestones';

interface MoneyBody {
  milestones: { id: string; state: string }[];
}

/**
 * The whole money flow against the local payment gateway (packages/payment-gateway), through the
 * production Razorpay adapter: the creator's payout profile verified (a Route linked account),
 * the deal sent and accepted, a milestone funded through the checkout with every webhook
 * delivered three times and shuffled, submitted, approved, released and settled; the ledger holds
 * one balanced transaction per step and the reconciliation finds nothing.
 */
describe('Milestone money against the local payment gateway (#26)', () => {
  let local: LocalMoneyApp;
  let asha: string;

  beforeAll(async () => {
    local = await startLocalMoneyApp();
    asha = await local.signUp('lg-asha', 'asha.lg@gmail.com', 'Asha Rao');
  }, 60_000);

  afterAll(async () => {
    await local.stop();
  }, 60_000);

  it('funds, releases and settles a milestone exactly once, webhooks tripled and shuffled', async () => {
    const { testApp, gateway, outbox } = local;
    await local.verifiedPayoutProfile(asha, 'Asha Rao');

    const { dealId, token } = await acceptedDeal(testApp.server, outbox, asha);
    const milestones = async () =>
      ((await request(testApp.server).post(MONEY).send({ token }).expect(200)).body as MoneyBody)
        .milestones;
    const [first] = await milestones();
    if (!first) throw new Error('no milestone');

    gateway.setFaults({ duplicateWebhooks: 3, shuffleWebhooks: true });
    const checkout = await request(testApp.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId: first.id })
      .expect(200);
    const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
    const paid = gateway.pay(orderId);
    const back = await request(testApp.server)
      .post('/api/v1/payments/checkout/callback')
      .type('form')
      .send(paid)
      .expect(303);
    expect(back.headers.location).toContain('payment=success');
    await eventually(async () => (await milestones())[0]?.state === 'funded', {
      what: 'the milestone funded',
    });

    await request(testApp.server)
      .post(`/api/v1/deals/${dealId}/milestones/${first.id}/submission`)
      .set(as(asha))
      .send({ links: ['https://www.instagram.com/reel/x/'], note: 'Live' })
      .expect(200);
    await request(testApp.server)
      .post(`${MONEY}/approve`)
      .send({ token, milestoneId: first.id })
      .expect(200);
    await eventually(async () => (await milestones())[0]?.state === 'released', {
      what: 'the milestone released',
    });
    gateway.settle();
    await eventually(async () => (await milestones())[0]?.state === 'settled', {
      what: 'the milestone settled',
      timeoutMs: 30_000,
    });
    await gateway.webhooksIdle(20_000);

    const ledger = await testApp.connection
      .collection<{ kind: string; lines: { amountPaise: number }[] }>('ledger_transactions')
      .find({ dealId })
      .toArray();
    expect(ledger.map(({ kind }) => kind).sort()).toEqual(['funded', 'released', 'settled']);
    for (const { lines } of ledger)
      expect(lines.reduce((sum, { amountPaise }) => sum + amountPaise, 0)).toBe(0);
    const state = gateway.state();
    expect(state.transfers.filter(({ on_hold }) => !on_hold)).toHaveLength(1);
    expect(state.payments.filter(({ status }) => status === 'captured')).toHaveLength(1);
  }, 120_000);

  it("answers a brand's double click on the checkout with one order and one intent", async () => {
    const { testApp, gateway, outbox } = local;
    await local.verifiedPayoutProfile(asha, 'Asha Rao');
    const { dealId, token } = await acceptedDeal(testApp.server, outbox, asha);
    const body = (await request(testApp.server).post(MONEY).send({ token }).expect(200))
      .body as MoneyBody;
    const milestoneId = body.milestones[0]?.id ?? '';
    const ordersBefore = gateway.state().orders.length;

    const clicks = await Promise.all(
      [1, 2].map(() =>
        request(testApp.server).post(`${MONEY}/funding`).send({ token, milestoneId }).expect(200),
      ),
    );

    const orderIds = clicks.map(
      (click) => (click.body as { fields: Record<string, string> }).fields.order_id,
    );
    expect(orderIds[0]).toEqual(expect.stringMatching(/^order_/));
    expect(orderIds[1]).toBe(orderIds[0]);
    expect(gateway.state().orders.length).toBe(ordersBefore + 1);
    const intents = await testApp.connection
      .collection<{ kind: string; orderId: string | null }>('payment_intents')
      .find({ dealId, kind: 'fund' })
      .toArray();
    expect(intents.map(({ orderId }) => orderId)).toEqual([orderIds[0]]);
  }, 60_000);
});
