import type { LocalPaymentGateway } from '@paylock/payment-gateway';
import request from 'supertest';
import { NotificationsWorker } from '../src/notifications/index.js';
import { Reconcile } from '../src/payments/application/reconcile.use-case.js';
import type { TestApp } from './support/create-test-app.js';
import { acceptedDeal as acceptedDealOf, DEAL_BRAND_EMAIL } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import type { InMemoryOutbox } from './support/in-memory-outbox.js';
import { bearer as as, type LocalMoneyApp, startLocalMoneyApp } from './support/local-money-app.js';

const DEALS = '/api/v1/deals';
const MONEY = '/api/v1/deal-review/milestones';
const BRAND_CANCEL = '/api/v1/deal-review/cancellation';

interface MilestoneBody {
  id: string;
  name: string;
  state: string;
  amountPaise: number;
}
interface MoneyBody {
  state: string;
  milestones: MilestoneBody[];
  cancellation: { by: string; reason: string } | null;
  cancelledByAgreement: { proposedBy: string; reason: string } | null;
}
interface LedgerDocument {
  kind: string;
  milestoneId: string;
  lines: { amountPaise: number }[];
}

/**
 * Cancelling an accepted deal by agreement (contract clause 7) against the local payment gateway,
 * through the production Razorpay adapter: the creator proposes, the brand agrees from the link
 * in its e-mail (ten agrees at once: one wins), the funded milestone is refunded exactly once, the
 * approved one is still released, a payment captured after the cancellation goes back to the
 * brand, the ledger balances and the reconciliation finds nothing.
 */
describe('Cancelling an accepted deal by agreement (#26, contract clause 7)', () => {
  let local: LocalMoneyApp;
  let gateway: LocalPaymentGateway;
  let testApp: TestApp;
  let outbox: InMemoryOutbox;
  let asha: string;
  let ravi: string;

  /** The notifications' pass (the follower of the deals' history tells each side of a move). */
  const notify = () => testApp.app.get(NotificationsWorker).runOnce();
  /** The notice of `kind` about the deal as the outbox holds it (keyed by the event). */
  const noticeMail = (dealId: string, kind: string) =>
    outbox.messages.find(
      (item) =>
        item.kind === 'notification' &&
        item.key.startsWith(`ntf:${dealId}:`) &&
        item.key.includes(`:${kind}:`),
    );

  const money = async (token: string) =>
    (await request(testApp.server).post(MONEY).send({ token }).expect(200)).body as MoneyBody;

  /** An accepted deal of asha's (three milestones); the brand's review token. */
  async function acceptedDeal(): Promise<{ dealId: string; token: string; ids: string[] }> {
    const { dealId, token } = await acceptedDealOf(testApp.server, outbox, asha);
    const ids = (await money(token)).milestones.map(({ id }) => id);
    return { dealId, token, ids };
  }

  /** The brand's checkout for a milestone: the gateway order's id. */
  async function checkout(token: string, milestoneId: string): Promise<string> {
    const response = await request(testApp.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId })
      .expect(200);
    return (response.body as { fields: Record<string, string> }).fields.order_id ?? '';
  }

  /** Pays the order at the gateway and comes back through the checkout callback. */
  async function pay(orderId: string): Promise<void> {
    await request(testApp.server)
      .post('/api/v1/payments/checkout/callback')
      .type('form')
      .send(gateway.pay(orderId))
      .expect(303);
  }

  async function fund(token: string, milestoneId: string): Promise<void> {
    await pay(await checkout(token, milestoneId));
    await eventually(
      async () =>
        (await money(token)).milestones.find(({ id }) => id === milestoneId)?.state === 'funded',
      { what: 'the milestone funded' },
    );
  }

  beforeAll(async () => {
    local = await startLocalMoneyApp();
    ({ gateway, testApp, outbox } = local);
    asha = await local.signUp('cx-asha', 'asha.cx@gmail.com', 'Asha Rao');
    ravi = await local.signUp('cx-ravi', 'ravi.cx@gmail.com', 'Ravi Kumar');
    await local.verifiedPayoutProfile(asha, 'Asha Rao');
    await notify(); // the follower starts here
  }, 90_000);

  afterAll(async () => {
    await local.stop();
  }, 60_000);

  it('refunds the funded milestone once, still releases the approved one, one of ten agrees wins', async () => {
    const { dealId, token, ids } = await acceptedDeal();
    const [approvedId = '', fundedId = '', lateId = ''] = ids;
    await fund(token, approvedId);
    await fund(token, fundedId);
    // The brand opens the last milestone's checkout but pays only after the cancellation.
    const lateOrder = await checkout(token, lateId);
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${approvedId}/submission`)
      .set(as(asha))
      .send({ links: ['https://www.instagram.com/reel/x/'], note: 'Live' })
      .expect(200);

    // The gateway is down from here: the approval's release and the refunds wait for it.
    gateway.setFaults({ downForMs: 600_000, downMode: 'unavailable' });
    await request(testApp.server)
      .post(`${MONEY}/approve`)
      .send({ token, milestoneId: approvedId })
      .expect(200);

    // Another creator's deal, and a link nobody issued, are "not found".
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/cancellation`)
      .set(as(ravi))
      .send({ reason: 'Not my deal' })
      .expect(404);
    await request(testApp.server)
      .post(BRAND_CANCEL)
      .send({ token: 'A'.repeat(43), reason: 'Not our deal' })
      .expect(404);
    // Nothing to answer yet; a reason too short.
    const none = await request(testApp.server).post(`${BRAND_CANCEL}/agree`).send({ token });
    expect(none.status).toBe(409);
    expect((none.body as { code: string }).code).toBe('CANCELLATION_NOT_PROPOSED');
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/cancellation`)
      .set(as(asha))
      .send({ reason: '  ok ' })
      .expect(400);

    const proposed = await request(testApp.server)
      .post(`${DEALS}/${dealId}/cancellation`)
      .set(as(asha))
      .send({ reason: 'The launch was called off.' })
      .expect(200);
    expect((proposed.body as MoneyBody).cancellation).toMatchObject({
      by: 'creator',
      reason: 'The launch was called off.',
    });
    // The creator cannot agree to their own proposal, nor propose twice.
    expect(
      (await request(testApp.server).post(`${DEALS}/${dealId}/cancellation/agree`).set(as(asha)))
        .body,
    ).toMatchObject({ statusCode: 409, code: 'CANCELLATION_WRONG_PARTY' });
    expect(
      (await request(testApp.server).post(BRAND_CANCEL).send({ token, reason: 'We want out too' }))
        .body,
    ).toMatchObject({ statusCode: 409, code: 'CANCELLATION_ALREADY_PROPOSED' });

    // The brand is e-mailed (the notifications, with a money link). It agrees from its link, ten
    // times at once.
    await notify();
    const mail = noticeMail(dealId, 'cancellation_proposed');
    expect(mail?.to.email).toBe(DEAL_BRAND_EMAIL);
    expect(mail?.data.title).toMatch(/^Asha Rao proposes to cancel: /);
    expect(mail?.data.body).toContain('Their reason: The launch was called off.');
    // Its money link still works, so the mail points to it (no second link is minted, #36 L4).
    expect(mail?.data.linkWorksUntil).toMatch(/IST$/);
    expect(mail?.data.actionUrl).not.toMatch(/token=/);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(testApp.server).post(`${BRAND_CANCEL}/agree`).send({ token }),
      ),
    );
    const winners = answers.filter(({ status }) => status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter(({ status }) => status !== 200)) {
      expect(loser.status).toBe(409);
      expect(['DEAL_CHANGED_CONCURRENTLY', 'CANCELLATION_NOT_PROPOSED']).toContain(
        (loser.body as { code: string }).code,
      );
    }
    const cancelled = winners[0]?.body as MoneyBody;
    expect(cancelled.state).toBe('cancelled');
    // Agreed while the gateway is down: the approved one not yet released, the funded one waiting.
    expect(cancelled.milestones.map(({ state }) => state)).toEqual([
      'approved',
      'funded',
      'pending',
    ]);

    // The gateway comes back: the worker refunds the funded milestone and releases the approved.
    gateway.setFaults({ downUntil: 0 });
    await eventually(
      async () => {
        const states = (await money(token)).milestones.map(({ state }) => state);
        return states[0] === 'released' && states[1] === 'refunded';
      },
      { what: 'the approved milestone released, the funded one refunded', timeoutMs: 60_000 },
    );
    // Nothing is approved in a cancelled deal any more.
    await request(testApp.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId: lateId })
      .expect(409);

    // The late payment: captured after the cancellation, refunded by the stray path.
    await pay(lateOrder);
    await eventually(
      () =>
        gateway
          .state()
          .payments.some(
            ({ order_id, amount_refunded, amount }) =>
              order_id === lateOrder && amount > 0 && amount_refunded === amount,
          ),
      { what: 'the late payment refunded', timeoutMs: 30_000 },
    );
    await gateway.webhooksIdle(20_000);

    const after = await money(token);
    expect(after.state).toBe('cancelled');
    expect(after.cancellation).toBeNull();
    expect(after.cancelledByAgreement).toMatchObject({
      proposedBy: 'creator',
      reason: 'The launch was called off.',
    });
    expect(after.milestones.map(({ state }) => state)).toEqual(['released', 'refunded', 'pending']);

    // At the gateway: each refund and reversal exactly once, the approved transfer released.
    const state = gateway.state();
    const paymentOf = (orderId: string) => state.payments.find((p) => p.order_id === orderId);
    const fundedPayments = state.payments;
    expect(fundedPayments).toHaveLength(3);
    const refundsByPayment = new Map<string, number>();
    for (const refund of state.refunds)
      refundsByPayment.set(refund.payment_id, (refundsByPayment.get(refund.payment_id) ?? 0) + 1);
    expect([...refundsByPayment.values()]).toEqual([1, 1]);
    expect(refundsByPayment.has(paymentOf(lateOrder)?.id ?? '')).toBe(true);
    for (const payment of fundedPayments) {
      const refunded = payment.amount_refunded;
      expect([0, payment.amount]).toContain(refunded);
    }
    expect(state.reversals).toHaveLength(2);
    expect(state.transfers.filter(({ on_hold }) => !on_hold).length).toBeGreaterThanOrEqual(1);

    // The ledger: funded twice, released once, refunded once (the late payment funded nothing);
    // every transaction balanced.
    const ledger = await testApp.connection
      .collection<LedgerDocument>('ledger_transactions')
      .find({ dealId })
      .toArray();
    expect(ledger.map(({ kind }) => kind).sort()).toEqual([
      'funded',
      'funded',
      'refunded',
      'released',
    ]);
    for (const { lines } of ledger)
      expect(lines.reduce((sum, { amountPaise }) => sum + amountPaise, 0)).toBe(0);
    const report = await testApp.app.get(Reconcile, { strict: false }).execute();
    expect(report.differences).toEqual([]);

    // The creator is told the brand agreed.
    await notify();
    const agreed = noticeMail(dealId, 'cancellation_agreed');
    expect(agreed?.to.email).toBe('asha.cx@gmail.com');
    expect(agreed?.data.body).toContain('Glow Naturals Pvt Ltd agreed to cancel');
    expect(agreed?.data.body).toContain('Refunded to the brand: ₹50,000.00.');
  }, 180_000);

  it('refuses a proposal while a milestone is submitted; withdraw and decline keep the deal', async () => {
    const { dealId, token, ids } = await acceptedDeal();
    const [first = ''] = ids;
    await fund(token, first);
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/milestones/${first}/submission`)
      .set(as(asha))
      .send({ links: ['https://www.instagram.com/reel/y/'], note: 'Live' })
      .expect(200);
    const refused = await request(testApp.server)
      .post(`${DEALS}/${dealId}/cancellation`)
      .set(as(asha))
      .send({ reason: 'Changed our plans' });
    expect(refused.status).toBe(409);
    expect((refused.body as { code: string }).code).toBe('CANCELLATION_WORK_IN_REVIEW');
    expect(
      (await request(testApp.server).post(BRAND_CANCEL).send({ token, reason: 'Budget cut' })).body,
    ).toMatchObject({ statusCode: 409, code: 'CANCELLATION_WORK_IN_REVIEW' });

    // Once the delivery is decided, the brand proposes; the creator declines; the brand proposes
    // again and withdraws. The deal goes on, every move in its history.
    await request(testApp.server)
      .post(`${MONEY}/approve`)
      .send({ token, milestoneId: first })
      .expect(200);
    await request(testApp.server)
      .post(BRAND_CANCEL)
      .send({ token, reason: 'Budget cut' })
      .expect(200);
    await notify();
    const toCreator = noticeMail(dealId, 'cancellation_proposed');
    expect(toCreator?.to.email).toBe('asha.cx@gmail.com');
    expect(toCreator?.data.actionUrl).toContain(`/creator/contracts/${dealId}`);
    await request(testApp.server)
      .delete(`${DEALS}/${dealId}/cancellation`)
      .set(as(asha))
      .expect(409);
    await request(testApp.server)
      .post(`${DEALS}/${dealId}/cancellation/decline`)
      .set(as(asha))
      .expect(200);
    await request(testApp.server)
      .post(BRAND_CANCEL)
      .send({ token, reason: 'Budget cut, again' })
      .expect(200);
    await request(testApp.server).post(`${BRAND_CANCEL}/withdraw`).send({ token }).expect(200);

    const deal = (await request(testApp.server).get(`${DEALS}/${dealId}`).set(as(asha)).expect(200))
      .body as {
      state: string;
      cancellation: unknown;
      history: { cancellation?: { action: string; proposedBy: string } }[];
    };
    expect(deal.state).toBe('accepted');
    expect(deal.cancellation).toBeNull();
    expect(
      deal.history.flatMap(({ cancellation }) => (cancellation ? [cancellation] : [])),
    ).toEqual([
      { action: 'propose', proposedBy: 'brand' },
      { action: 'decline', proposedBy: 'brand' },
      { action: 'propose', proposedBy: 'brand' },
      { action: 'withdraw', proposedBy: 'brand' },
    ]);
  }, 120_000);
});
