import type { Deal } from '../src/deals/domain/deal.js';
import { MoneyEngine } from '../src/payments/application/money-engine.js';
import { Reconcile } from '../src/payments/application/reconcile.use-case.js';
import { gatewayIdempotencyKey, PaymentGateway } from '../src/payment-gateway/index.js';
import { approvedDeal, type LedgerDocument } from './support/approved-milestones.js';
import { createTestApp, type TestApp } from './support/create-test-app.js';
import { eventually } from './support/eventually.js';
import { reportFigures } from './support/faults.js';
import { type LocalPaymentGateway, startTestPaymentGateway } from './support/payment-gateway.js';
import {
  buildBackend,
  killServer,
  type RunningServer,
  startServer,
} from './support/server-process.js';
import { testDatabaseUri } from './support/test-database.js';

const DEALS = 6;
const MILESTONES_PER_DEAL = 3;
const MILESTONE_COUNT = DEALS * MILESTONES_PER_DEAL;
const AMOUNT = 150_000;
/** Long enough that instance A is surely killed while its release request waits at the gateway. */
const GATEWAY_DELAY_MS = 3_000;
const INTENT_LEASE_MS = 5_000;

/**
 * Instance A (the compiled server, as an operator runs it) is SIGKILLed while the local payment
 * gateway holds its release request: the gateway lifts the hold after A is gone, so the hold is
 * lifted and nothing is recorded. Instance B, started on the same database, finishes every
 * release: one lifted hold per transfer at the gateway (B's retry replays A's answer under the
 * same idempotency key), one balanced `released` ledger transaction per milestone, and a clean
 * reconciliation.
 */
describe('SIGKILL of an instance mid-release (#26)', () => {
  const databaseUri = testDatabaseUri('payments_sigkill');
  let gateway: LocalPaymentGateway;
  /** In-process app on the same database: seeds the approved milestones, reconciles at the end. */
  let seeder: TestApp;
  let instanceA: RunningServer | undefined;
  let instanceB: RunningServer | undefined;

  beforeAll(async () => {
    await buildBackend();
    gateway = await startTestPaymentGateway();
    seeder = await createTestApp({
      env: {
        ...gateway.backendEnv,
        MONGODB_URI: databaseUri,
        // The seeding app never drives an intent itself: the server processes do.
        PAYMENTS_WORKER_INTERVAL_MS: '600000',
        PAYMENTS_RECONCILIATION_INTERVAL_MS: '604800000',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await killServer(instanceA);
    await killServer(instanceB);
    await seeder.close();
    await gateway.stop();
  }, 60_000);

  it('releases every milestone exactly once after the crash, the ledger balanced and reconciled', async () => {
    const account = await seeder.app.get(PaymentGateway, { strict: false }).createLinkedAccount({
      referenceId: 'creator-sigkill',
      email: 'asha.sigkill@gmail.com',
      phone: '9876500001',
      legalName: 'Asha Rao',
      pan: 'ABCPR1234F',
      settlement: {
        accountNumber: '123456789012',
        ifsc: 'HDFC0000001',
        beneficiaryName: 'Asha Rao',
      },
      idempotencyKey: 'account-creator-sigkill',
    });
    const deals: Deal[] = [];
    for (let index = 0; index < DEALS; index += 1) {
      deals.push(
        await approvedDeal(seeder.app, {
          index,
          milestones: MILESTONES_PER_DEAL,
          amountPaise: AMOUNT,
          linkedAccountId: account.id,
          pay: (orderId) => gateway.pay(orderId),
        }),
      );
    }
    const milestones = deals.flatMap((deal) =>
      deal.milestones.map((milestone) => ({ deal, milestone })),
    );
    expect(milestones.map(({ milestone }) => milestone.state)).toEqual(
      Array.from({ length: MILESTONE_COUNT }, () => 'approved'),
    );
    const transferOf = new Map(
      milestones.map(({ deal, milestone }) => [
        milestone.funding?.transferId ?? '',
        gatewayIdempotencyKey(`release:${deal.id}:${milestone.id}`),
      ]),
    );
    expect(transferOf.size).toBe(MILESTONE_COUNT);
    const engine = seeder.app.get(MoneyEngine, { strict: false });
    for (const { deal, milestone } of milestones)
      await engine.openIntent('release', deal, milestone);

    // Instance A starts releasing; the gateway holds every answer, so A's first release request
    // is still waiting there when A is killed.
    gateway.setFaults({ delayMs: GATEWAY_DELAY_MS });
    const serverEnv = {
      ...gateway.backendEnv,
      MONGODB_URI: databaseUri,
      PAYMENTS_WORKER_INTERVAL_MS: '100',
      PAYMENTS_RECONCILIATION_INTERVAL_MS: '604800000',
      // A's leased intent is B's once the lease runs out: a short lease keeps the test short.
      PAYMENTS_INTENT_LEASE_MS: String(INTENT_LEASE_MS),
    };
    const releaseWrites = () =>
      gateway
        .state()
        .writes.filter(
          ({ method, path }) => method === 'PATCH' && path.startsWith('/v1/transfers/'),
        );
    instanceA = await startServer(serverEnv, { timeoutMs: 30_000 });
    await eventually(() => releaseWrites().length > 0, {
      what: 'instance A’s first release request received by the gateway',
      timeoutMs: 30_000,
    });
    const killedAt = Date.now();
    instanceA.child.kill('SIGKILL');
    expect((await instanceA.exited).signal).toBe('SIGKILL');
    const [inFlight] = releaseWrites();
    expect(releaseWrites()).toHaveLength(1);
    expect(inFlight?.outcome).toBe('received');

    // The gateway carries the request out after A is gone: the hold is lifted, nothing recorded.
    await eventually(() => releaseWrites()[0]?.outcome === 'applied', {
      what: 'the gateway lifting the hold A asked for',
      timeoutMs: 30_000,
    });
    gateway.setFaults({ delayMs: 0 });
    const ledger = seeder.connection.collection<LedgerDocument>('ledger_transactions');
    expect(await ledger.countDocuments({ kind: 'released' })).toBe(0);

    // Instance B takes over (A's leased intent once its lease runs out).
    instanceB = await startServer(serverEnv, { timeoutMs: 30_000 });
    const dealsCollection = seeder.connection.collection<{ milestones: { state: string }[] }>(
      'deals',
    );
    await eventually(
      async () =>
        (await dealsCollection.find({}).toArray())
          .flatMap(({ milestones: list }) => list)
          .filter(({ state }) => state === 'released' || state === 'settled').length ===
        MILESTONE_COUNT,
      { what: 'every milestone released by instance B', timeoutMs: 150_000, intervalMs: 250 },
    );
    const recoveredAfterMs = Date.now() - killedAt;

    // The gateway: one lifted hold per transfer, every request under the milestone's own key,
    // and the killed request's retry answered from the idempotency store.
    const writes = releaseWrites();
    for (const [transferId, key] of transferOf) {
      const mine = writes.filter(({ path }) => path === `/v1/transfers/${transferId}`);
      expect(mine.filter(({ outcome }) => outcome === 'applied')).toHaveLength(1);
      expect(mine.every(({ idempotencyKey }) => idempotencyKey === key)).toBe(true);
    }
    const killedPath = inFlight?.path ?? '';
    expect(
      writes.filter(({ path, outcome }) => path === killedPath && outcome === 'replayed'),
    ).toHaveLength(1);
    const transfers = gateway.state().transfers.filter(({ id }) => transferOf.has(id));
    expect(transfers).toHaveLength(MILESTONE_COUNT);
    expect(transfers.filter(({ on_hold: onHold }) => onHold)).toEqual([]);

    // The ledger: one `released` transaction per milestone, every transaction balanced.
    const released = await ledger.find({ kind: 'released' }).toArray();
    expect(released).toHaveLength(MILESTONE_COUNT);
    expect(new Set(released.map(({ milestoneId }) => milestoneId)).size).toBe(MILESTONE_COUNT);
    for (const { lines } of await ledger.find({}).toArray()) {
      expect(lines.reduce((sum, { amountPaise }) => sum + amountPaise, 0)).toBe(0);
    }
    const stored = (await dealsCollection.find({}).toArray()) as unknown as Deal[];
    for (const deal of stored) {
      const releases = deal.history.filter((entry) => entry.milestone?.action === 'release');
      expect(releases).toHaveLength(MILESTONES_PER_DEAL);
    }

    // The reconciliation finds the ledger and the gateway in agreement.
    const report = await seeder.app.get(Reconcile, { strict: false }).execute();
    expect(report.differences).toEqual([]);
    expect(report.checkedMilestones).toBe(MILESTONE_COUNT);
    reportFigures('SIGKILL mid-release', {
      milestones: MILESTONE_COUNT,
      releaseRequests: writes.length,
      allReleasedAfterKillMs: recoveredAfterMs,
    });
  }, 300_000);
});
