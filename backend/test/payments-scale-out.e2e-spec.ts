import { randomUUID } from 'node:crypto';
import { DealRepository } from '../src/deals/deals.contract.js';
import type { Deal } from '../src/deals/domain/deal.js';
import { PENDING_MONEY } from '../src/deals/domain/milestone.js';
import { MilestoneMoves } from '../src/payments/application/milestone-moves.js';
import { intentIds, MoneyEngine } from '../src/payments/application/money-engine.js';
import { PaymentIntents } from '../src/payments/application/ports/payment-intents.js';
import { Reconcile } from '../src/payments/application/reconcile.use-case.js';
import { PaymentGateway } from '../src/payments/index.js';
import { createTestApp, type TestApp, waitForDatabase } from './support/create-test-app.js';
import { eventually } from './support/eventually.js';
import { FakePaymentGateway } from './support/fake-payment-gateway.js';

const DEALS = 25;
const MILESTONES_PER_DEAL = 4;
const AMOUNT = 250_000;

interface LedgerDocument {
  eventKey: string;
  kind: string;
  milestoneId: string;
  lines: { amountPaise: number }[];
}

/**
 * Two instances of the app in one process on one database and one gateway, both running the
 * payments worker: 100 approved milestones are each released exactly once at the gateway and
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

  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  /** An accepted deal whose milestones are funded through the engine and approved by the brand. */
  async function approvedDeal(index: number): Promise<Deal> {
    const deals = first.app.get(DealRepository, { strict: false });
    const intents = first.app.get(PaymentIntents, { strict: false });
    const engine = first.app.get(MoneyEngine, { strict: false });
    const moves = first.app.get(MilestoneMoves, { strict: false });
    const now = new Date();
    const creatorId = `creator-${String(index)}`;
    const deal: Deal = {
      id: randomUUID(),
      creatorId,
      state: 'accepted',
      version: 1,
      revision: 0,
      title: `Deal ${String(index)}`,
      brief: '',
      campaign: null,
      brand: {
        companyName: 'Glow',
        contactName: 'Priya',
        contactEmail: 'priya@glow.in',
        contactMobile: '9876543210',
      },
      deliverables: [],
      milestones: Array.from({ length: MILESTONES_PER_DEAL }, (_, n) => ({
        ...PENDING_MONEY,
        id: randomUUID(),
        name: `M${String(n)}`,
        releaseCondition: 'Live',
        amountPaise: AMOUNT,
        dueDate: '2027-01-01',
      })),
      totalPaise: AMOUNT * MILESTONES_PER_DEAL,
      approvalWindowDays: 7,
      revisionRounds: 2,
      gstApplies: false,
      gstin: null,
      createdAt: now,
      updatedAt: now,
      sentAt: now,
      linkExpiresAt: null,
      history: [],
      contracts: [],
      lastError: null,
    };
    await deals.insert(deal);
    for (const milestone of deal.milestones) {
      const id = intentIds.fund(deal.id, milestone.id);
      const linkedAccountId = `acc_${creatorId}`;
      await intents.open({
        id,
        kind: 'fund',
        dealId: deal.id,
        milestoneId: milestone.id,
        creatorId,
        amountPaise: AMOUNT,
        feePaise: 0,
        linkedAccountId,
        createdAt: now,
        nextAttemptAt: new Date(now.getTime() + 3_600_000),
      });
      const order = await gateway.createOrder({
        amountPaise: AMOUNT,
        receipt: milestone.id.slice(0, 30),
        notes: { dealId: deal.id, milestoneId: milestone.id },
        transfers: [
          {
            linkedAccountId,
            amountPaise: AMOUNT,
            onHold: true,
            notes: { dealId: deal.id, milestoneId: milestone.id },
          },
        ],
        idempotencyKey: id,
      });
      await intents.setOrder(id, order.id);
      gateway.pay(order.id);
      expect(await engine.syncOrder(order.id)).toBe('done');
      await moves.move({
        dealId: deal.id,
        milestoneId: milestone.id,
        action: 'submit',
        by: 'creator',
        actor: creatorId,
        changes: (_deal, _m, at) => ({ submission: { links: ['https://x.in/p'], note: '', at } }),
      });
      await moves.move({
        dealId: deal.id,
        milestoneId: milestone.id,
        action: 'approve',
        by: 'brand',
        actor: 'priya@glow.in',
        changes: (_deal, _m, at) => ({ approvedAt: at }),
      });
    }
    return (await deals.findById(deal.id)) ?? deal;
  }

  it('releases 100 milestones exactly once, through a gateway outage', async () => {
    const deals: Deal[] = [];
    for (let index = 0; index < DEALS; index += 1) deals.push(await approvedDeal(index));
    const milestones = deals.flatMap((deal) =>
      deal.milestones.map((milestone) => ({ deal, milestone })),
    );
    expect(milestones).toHaveLength(100);
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
        (await intents.countDocuments({ kind: 'release', attempts: { $gte: 1 } })) === 100,
      {
        what: 'every release tried against the gateway that is down',
        timeoutMs: 30_000,
      },
    );
    const ledger = first.connection.collection<LedgerDocument>('ledger_transactions');
    expect(await ledger.countDocuments({ kind: 'released' })).toBe(0);
    expect([...gateway.holdsLifted.values()]).toEqual([]);

    // The gateway comes back: every milestone released, once.
    gateway.down = false;
    const dealsCollection = first.connection.collection<{ milestones: { state: string }[] }>(
      'deals',
    );
    await eventually(
      async () => {
        const all = await dealsCollection.find({}).toArray();
        return (
          all.flatMap(({ milestones: list }) => list).filter(({ state }) => state === 'released')
            .length === 100
        );
      },
      // Retries back off (1 s, 2 s, 4 s …): the last ones come up to a minute after the outage.
      { what: 'all 100 milestones released', timeoutMs: 240_000, intervalMs: 500 },
    );
    const released = await ledger.find({ kind: 'released' }).toArray();
    expect(released).toHaveLength(100);
    expect(new Set(released.map(({ milestoneId }) => milestoneId)).size).toBe(100);
    for (const { lines } of await ledger.find({}).toArray()) {
      expect(lines.reduce((sum, { amountPaise }) => sum + amountPaise, 0)).toBe(0);
    }
    expect(gateway.holdsLifted.size).toBe(100);
    expect([...gateway.holdsLifted.values()].every((count) => count === 1)).toBe(true);
    const stored = await dealsCollection.find({}).toArray();
    for (const deal of stored as unknown as Deal[]) {
      const releases = deal.history.filter((entry) => entry.milestone?.action === 'release');
      expect(releases).toHaveLength(MILESTONES_PER_DEAL);
    }

    const report = await first.app.get(Reconcile, { strict: false }).execute();
    expect(report.differences).toEqual([]);
    expect(report.checkedMilestones).toBe(100);
  }, 420_000);
});
