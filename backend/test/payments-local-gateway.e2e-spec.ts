import { type IdentityProvider, startIdentityProvider } from '@paylock/identity-provider';
import { type LocalPaymentGateway, startPaymentGateway } from '@paylock/payment-gateway';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { AUTH, authTestEnv, type SessionBody } from './support/auth-flow.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { dealTerms, reviewTokenIn } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import { InMemoryOutbox } from './support/in-memory-outbox.js';

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
  let idp: IdentityProvider;
  let gateway: LocalPaymentGateway;
  let testApp: TestApp;
  const outbox = new InMemoryOutbox();
  let asha: string;

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    idp = await startIdentityProvider();
    gateway = await startPaymentGateway();
    testApp = await createTestApp({
      env: authTestEnv(idp, {
        ...gateway.backendEnv,
        PAYMENTS_WORKER_INTERVAL_MS: '200',
        PAYOUT_WORKER_INTERVAL_MS: '200',
        RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '1000',
      }),
      outbox,
    });
    const server = testApp.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    gateway.setWebhookUrl(`http://127.0.0.1:${String(port)}/api/v1/payments/webhooks/razorpay`);
    const credential = await idp.issueIdToken({
      sub: 'lg-asha',
      email: 'asha.lg@gmail.com',
      name: 'Asha Rao',
    });
    asha = (
      (await request(testApp.server).post(`${AUTH}/register`).send({ credential }).expect(201))
        .body as SessionBody
    ).accessToken;
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await gateway.stop();
    await idp.stop();
  }, 60_000);

  it('funds, releases and settles a milestone exactly once, webhooks tripled and shuffled', async () => {
    await request(testApp.server)
      .put('/api/v1/payout-profile')
      .set(as(asha))
      .send({
        legalName: 'Asha Rao',
        pan: 'ABCPE1234F',
        phone: '9876543210',
        accountNumber: '50100123456789',
        accountNumberConfirmation: '50100123456789',
        ifsc: 'HDFC0000001',
        upiId: null,
        gstin: null,
      })
      .expect(200);
    await eventually(
      async () =>
        (
          (await request(testApp.server).get('/api/v1/payout-profile').set(as(asha))).body as {
            status: string;
          }
        ).status === 'verified',
      { what: 'the payout profile verified', timeoutMs: 30_000 },
    );

    const created = await request(testApp.server)
      .post('/api/v1/deals')
      .set(as(asha))
      .send(dealTerms())
      .expect(201);
    const dealId = (created.body as { id: string }).id;
    await request(testApp.server).post(`/api/v1/deals/${dealId}/send`).set(as(asha)).expect(200);
    const mail = outbox.messages.find((item) =>
      item.key.startsWith(`deal-review-request:${dealId}:`),
    );
    const token = reviewTokenIn(mail?.data.reviewUrl);
    await request(testApp.server)
      .post('/api/v1/deal-review/accept')
      .send({ token, fullName: 'Priya Mehta', agreed: true })
      .expect(200);
    const money = async () =>
      ((await request(testApp.server).post(MONEY).send({ token }).expect(200)).body as MoneyBody)
        .milestones;
    const [first] = await money();
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
    await eventually(async () => (await money())[0]?.state === 'funded', {
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
    await eventually(async () => (await money())[0]?.state === 'released', {
      what: 'the milestone released',
    });
    gateway.settle();
    await eventually(async () => (await money())[0]?.state === 'settled', {
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
});
