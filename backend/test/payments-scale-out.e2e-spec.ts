import type { Deal } from '../src/deals/domain/deal.js';
import { MoneyEngine } from '../src/payments/application/money-engine.js';
import { Reconcile } from '../src/payments/application/reconcile.use-case.js';
import { PaymentGateway } from '../src/payment-gateway/index.js';
import { approvedDeal, type LedgerDocument } from './support/approved-milestones.js';
import { createTestApp, type TestApp, waitForDatabase } from './support/create-test-app.js';
import { eventually } from './support/eventually.js';
import { FakePaymentGateway } from './support/fake-payment-gateway.js';

const DEALS = 10;
const MILESTONES_PER_DEAL = 4;
const AMOUNT = 250_000;
const MILESTONES = DEALS * MILESTONES_PER_DEAL;

/**
 * Two instances of the app in one process on one database and one gateway, both running the
 * payments worker: 40 approved milestones are each released exactly once at the gateway and
 * once in the ledger, even with the gateway down for a while in the middle of it.
 */
describe('Releases over two instances (#26)', () => {
  const gateway = new FakePaymentGateway();
  let first: TestApp;
  let second: TestApp;
  const env = {
    PAYMENTS_WORKER_INTERVAL_MS: '100',
    PAYMENTS_RECONCILIATION_INTERVAL_MS: '604800000',
  };

  beforeAll(async () => {
    first = await createTestApp({
      env,
      configure: (builder) => builder.overrideProvider(PaymentGateway).useValue(gateway),
    });
    second = await createTestApp({
      env,
      waitForDatabase: false,
      configure: (builder) => builder.overrideProvider(PaymentGateway).useValue(gateway),
    });
    await waitForDatabase(second.connection);
  }, 60_000);

  // Closing waits for each worker's pass in flight, which a loaded machine makes slow.
  afterAll(async () => {
    await second.app.close();
    await first.close();
  }, 60_000);

  it(`releases ${MILESTONES} milestones exactly once, through a gateway outage`, async () => {
    const deals: Deal[] = [];
    for (let index = 0; index < DEALS; index += 1)
      deals.push(
        await approvedDeal(first.app, {
          index,
          milestones: MILESTONES_PER_DEAL,
          amountPaise: AMOUNT,
          linkedAccountId: `acc_creator-${String(index)}`,
          pay: (orderId) => gateway.pay(orderId),
        }),
      );
    const milestones = deals.flatMap((deal) =>
      deal.milestones.map((milestone) => ({ deal, milestone })),
    );
    expect(milestones).toHaveLength(MILESTONES);
    expect(milestones.every(({ milestone }) => milestone.state === 'approved')).toBe(true);

    // The gateway goes down; both instances' workers find the release intents and fail on them.
    gateway.down = true;
    const engineOne = first.app.get(MoneyEngine, { strict: false });
    const engineTwo = second.app.get(MoneyEngine, { strict: false });
    await Promise.all(
      milestones.map(({ deal, milestone }, index) =>
        (index % 2 === 0 ? engineOne : engineTwo).openIntent('release', deal, milestone),
      ),
    );
    const intents = first.connection.collection<{ attempts: number; kind: string }>(
      'payment_intents',
    );
    await eventually(
      async () =>
        (await intents.countDocuments({ kind: 'release', attempts: { $gte: 1 } })) === MILESTONES,
      {
        what: 'every release tried against the gateway that is down',
        timeoutMs: 30_000,
      },
    );
    const ledger = first.connection.collection<LedgerDocument>('ledger_transactions');
    expect(await ledger.countDocuments({ kind: 'released' })).toBe(0);
    expect([...gateway.holdsLifted.values()]).toEqual([]);

    // The gateway comes back: every milestone released, once. The retries' backoff (1 s, 2 s,
    // 4 s …, the engine's unit tests cover it) is let run out at once, as if its time had passed:
    // what this test is about is that two instances release each milestone once.
    gateway.down = false;
    await first.connection
      .collection('payment_intents')
      .updateMany({ kind: 'release', open: true }, { $set: { nextAttemptAt: new Date() } });
    const dealsCollection = first.connection.collection<{ milestones: { state: string }[] }>(
      'deals',
    );
    await eventually(
      async () => {
        const all = await dealsCollection.find({}).toArray();
        return (
          all.flatMap(({ milestones: list }) => list).filter(({ state }) => state === 'released')
            .length === MILESTONES
        );
      },
      { what: `all ${MILESTONES} milestones released`, timeoutMs: 240_000, intervalMs: 500 },
    );
    const released = await ledger.find({ kind: 'released' }).toArray();
    expect(released).toHaveLength(MILESTONES);
    expect(new Set(released.map(({ milestoneId }) => milestoneId)).size).toBe(MILESTONES);
    for (const { lines } of await ledger.find({}).toArray()) {
      expect(lines.reduce((sum, { amountPaise }) => sum + amountPaise, 0)).toBe(0);
    }
    expect(gateway.holdsLifted.size).toBe(MILESTONES);
    expect([...gateway.holdsLifted.values()].every((count) => count === 1)).toBe(true);
    const stored = await dealsCollection.find({}).toArray();
    for (const deal of stored as unknown as Deal[]) {
      const releases = deal.history.filter((entry) => entry.milestone?.action === 'release');
      expect(releases).toHaveLength(MILESTONES_PER_DEAL);
    }

    const report = await first.app.get(Reconcile, { strict: false }).execute();
    expect(report.differences).toEqual([]);
    expect(report.checkedMilestones).toBe(MILESTONES);
  }, 420_000);
});
