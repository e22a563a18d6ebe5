import type { LocalPaymentGateway } from '@paylock/payment-gateway';
import request from 'supertest';
import type { TestApp } from './support/create-test-app.js';
import { acceptedDeal, dayFromNow, sentDeal } from './support/deal-fixtures.js';
import { eventually } from './support/eventually.js';
import type { InMemoryOutbox } from './support/in-memory-outbox.js';
import { bearer as as, type LocalMoneyApp, startLocalMoneyApp } from './support/local-money-app.js';

const DEALS = '/api/v1/deals';
const REVIEW = '/api/v1/deal-review';
const MONEY = `${REVIEW}/milestones`;

interface ErrorBody {
  statusCode: number;
  code: string;
  errors?: Record<string, string>;
}
interface MoneyBody {
  state: string;
  milestones: { id: string; state: string }[];
}
interface HistoryBody {
  contracts: { brandAcceptance: { fullName: string } | null }[];
  history: { note?: string }[];
}

/** A right-to-left override (the name would display reversed) and a bell (a control character). */
const HIDDEN = [
  ['a bidi override', 'Priya \u202eatheM'],
  ['a control character', 'Priya Mehta\u0007'],
] as const;
const INVISIBLE = (field: string) => `${field} must not contain control or invisible characters`;

/**
 * Issue #36 L2 and L3 against the real database and the local payment gateway: every text a
 * party types on a deal follows the deal texts' rule, and parallel approvals of one deal's
 * milestones all succeed.
 */
describe("a deal's typed texts (#36 L2) and parallel approvals (#36 L3)", () => {
  let local: LocalMoneyApp;
  let gateway: LocalPaymentGateway;
  let testApp: TestApp;
  let outbox: InMemoryOutbox;
  let asha: string;

  const money = async (token: string) =>
    (await request(testApp.server).post(MONEY).send({ token }).expect(200)).body as MoneyBody;

  function expectInvisibleRefused(response: request.Response, field: string): void {
    expect(response.status).toBe(400);
    expect((response.body as ErrorBody).errors?.[field]).toBe(INVISIBLE(field));
  }

  async function fund(token: string, milestoneId: string): Promise<void> {
    const checkout = await request(testApp.server)
      .post(`${MONEY}/funding`)
      .send({ token, milestoneId })
      .expect(200);
    const orderId = (checkout.body as { fields: Record<string, string> }).fields.order_id ?? '';
    await request(testApp.server)
      .post('/api/v1/payments/checkout/callback')
      .type('form')
      .send(gateway.pay(orderId))
      .expect(303);
    await eventually(
      async () =>
        (await money(token)).milestones.find(({ id }) => id === milestoneId)?.state === 'funded',
      { what: 'the milestone funded', timeoutMs: 30_000 },
    );
  }

  beforeAll(async () => {
    local = await startLocalMoneyApp();
    ({ gateway, testApp, outbox } = local);
    asha = await local.signUp('texts-asha', 'asha.texts@gmail.com', 'Asha Rao');
    await local.verifiedPayoutProfile(asha, 'Asha Rao');
  }, 90_000);

  afterAll(async () => {
    await local.stop();
  }, 60_000);

  it.each(HIDDEN)(
    "refuses %s in the brand's typed name, comment and decline reason",
    async (_case, hidden) => {
      const { dealId, token } = await sentDeal(testApp.server, outbox, asha);
      expectInvisibleRefused(
        await request(testApp.server)
          .post(`${REVIEW}/accept`)
          .send({ token, fullName: hidden, agreed: true }),
        'fullName',
      );
      expectInvisibleRefused(
        await request(testApp.server)
          .post(`${REVIEW}/request-changes`)
          .send({ token, comment: hidden }),
        'comment',
      );
      expectInvisibleRefused(
        await request(testApp.server).post(`${REVIEW}/decline`).send({ token, reason: hidden }),
        'reason',
      );
      // Nothing was recorded: the deal still awaits the brand.
      const deal = await request(testApp.server).get(`${DEALS}/${dealId}`).set(as(asha));
      expect((deal.body as { state: string }).state).toBe('sent');
    },
  );

  it('stores the typed name and comment trimmed, with runs of spaces collapsed', async () => {
    const changed = await sentDeal(testApp.server, outbox, asha);
    await request(testApp.server)
      .post(`${REVIEW}/request-changes`)
      .send({ token: changed.token, comment: '  Later   launch,\r\nplease  ' })
      .expect(200);
    const { dealId, token } = await sentDeal(testApp.server, outbox, asha);
    await request(testApp.server)
      .post(`${REVIEW}/accept`)
      .send({ token, fullName: '  Priya \u00a0 Mehta ', agreed: true })
      .expect(200);
    const accepted = (await request(testApp.server).get(`${DEALS}/${dealId}`).set(as(asha)))
      .body as HistoryBody;
    expect(accepted.contracts.at(-1)?.brandAcceptance?.fullName).toBe('Priya Mehta');
    const sentBack = (await request(testApp.server).get(`${DEALS}/${changed.dealId}`).set(as(asha)))
      .body as HistoryBody;
    expect(sentBack.history.at(-1)?.note).toBe('Later launch,\nplease');
  });

  it.each(HIDDEN)(
    'refuses %s in a dispute reason, a change request and a cancellation reason',
    async (_case, hidden) => {
      const { dealId, token } = await acceptedDeal(testApp.server, outbox, asha);
      const [milestoneId = ''] = (await money(token)).milestones.map(({ id }) => id);
      await fund(token, milestoneId);
      expectInvisibleRefused(
        await request(testApp.server)
          .post(`${DEALS}/${dealId}/milestones/${milestoneId}/dispute`)
          .set(as(asha))
          .send({ reason: hidden }),
        'reason',
      );
      expectInvisibleRefused(
        await request(testApp.server)
          .post(`${MONEY}/dispute`)
          .send({ token, milestoneId, reason: hidden }),
        'reason',
      );
      expectInvisibleRefused(
        await request(testApp.server)
          .post(`${DEALS}/${dealId}/cancellation`)
          .set(as(asha))
          .send({ reason: hidden }),
        'reason',
      );
      await request(testApp.server)
        .post(`${DEALS}/${dealId}/milestones/${milestoneId}/submission`)
        .set(as(asha))
        .send({ links: ['https://www.instagram.com/reel/x/'], note: 'Live' })
        .expect(200);
      expectInvisibleRefused(
        await request(testApp.server)
          .post(`${MONEY}/request-changes`)
          .send({ token, milestoneId, note: hidden }),
        'note',
      );
      expect((await money(token)).milestones[0]?.state).toBe('submitted');
    },
  );

  it('approves every milestone of one deal when the brand approves them all at once', async () => {
    const count = 10;
    const milestones = Array.from({ length: count }, (_, index) => ({
      name: `Part ${String(index + 1)}`,
      releaseCondition: 'Delivered',
      amountPaise: 100_000,
      dueDate: dayFromNow(10),
    }));
    const { dealId, token } = await acceptedDeal(testApp.server, outbox, asha, {
      milestones,
      totalPaise: count * 100_000,
    });
    const ids = (await money(token)).milestones.map(({ id }) => id);
    for (const id of ids) {
      await fund(token, id);
      await request(testApp.server)
        .post(`${DEALS}/${dealId}/milestones/${id}/submission`)
        .set(as(asha))
        .send({ links: ['https://www.instagram.com/reel/x/'], note: 'Live' })
        .expect(200);
    }

    const answers = await Promise.all(
      ids.map((milestoneId) =>
        request(testApp.server).post(`${MONEY}/approve`).send({ token, milestoneId }),
      ),
    );
    expect(answers.map(({ status, body }) => [status, (body as ErrorBody).code])).toEqual(
      ids.map(() => [200, undefined]),
    );
    // Each approval's release went through (the gateway's hold lifted), none lost.
    await eventually(
      async () =>
        (await money(token)).milestones.every(({ state }) =>
          ['released', 'settled'].includes(state),
        ),
      { what: 'every milestone released', timeoutMs: 120_000 },
    );
  }, 300_000);
});
