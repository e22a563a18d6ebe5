import { Logger } from '@nestjs/common';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { InMemoryDealRepository } from '../../../test/support/deal-fakes.js';
import { FakePaymentGateway } from '../../../test/support/fake-payment-gateway.js';
import {
  InMemoryLedger,
  InMemoryPaymentIntents,
} from '../../../test/support/in-memory-payments.js';
import { acceptedDealRecord, milestoneRecord } from '../../../test/support/deal-records.js';
import type { BalancedTransaction, LedgerTransaction } from '../../ledger/ledger.contract.js';
import { ClaimRetryTiming } from './claim-retry.js';
import { MilestoneMoves } from './milestone-moves.js';
import { intentIds } from '../domain/money-keys.js';
import { MoneyEngine } from './money-engine.js';
import { PaymentsSettings } from './ports/payments-settings.js';
import { inMemoryErasureGate } from '../../../test/support/in-memory-erasure-claims.js';

/** A ledger whose next write dies, as a process killed between the gateway's answer and it. */
class CrashingLedger extends InMemoryLedger {
  crashNext = false;

  override record(
    transaction: BalancedTransaction,
  ): Promise<{ transaction: LedgerTransaction; created: boolean }> {
    if (this.crashNext) {
      this.crashNext = false;
      return Promise.reject(new Error('killed'));
    }
    return super.record(transaction);
  }
}

/** An approved milestone funded at the gateway, its release intent open, the ledger able to crash. */
async function approvedMilestoneRelease() {
  const clock = new FakeClock();
  const deals = new InMemoryDealRepository();
  const ledger = new CrashingLedger();
  const intents = new InMemoryPaymentIntents();
  const gateway = new FakePaymentGateway();
  const moves = new MilestoneMoves(
    deals,
    clock,
    new ClaimRetryTiming(),
    inMemoryErasureGate(clock),
  );
  const settings = new PaymentsSettings(0, 'http://localhost:5173', 1_000, 86_400_000, 3_600_000);
  const engine = new MoneyEngine(deals, moves, ledger, gateway, intents, settings, clock);
  const notes = { dealId: 'd1', milestoneId: 'm1' };
  const order = await gateway.createOrder({
    amountPaise: 100_000,
    receipt: 'r',
    notes,
    transfers: [{ linkedAccountId: 'acc_1', amountPaise: 100_000, onHold: true, notes }],
    idempotencyKey: 'fund:d1:m1',
  });
  const payment = gateway.pay(order.id);
  const [transfer] = await gateway.fetchPaymentTransfers(payment.id);
  const now = clock.now();
  const deal = acceptedDealRecord(now, {
    id: 'd1',
    creatorId: 'c1',
    milestones: [
      milestoneRecord({
        id: 'm1',
        name: 'M',
        state: 'approved',
        funding: {
          attempt: 1,
          orderId: order.id,
          paymentId: payment.id,
          transferId: transfer?.id ?? null,
          feePaise: 0,
        },
      }),
    ],
  });
  await deals.insert(deal);
  const milestone = deal.milestones[0];
  if (!milestone) throw new Error('no milestone');
  const intent = await engine.openIntent('release', deal, milestone);

  return { clock, deals, ledger, intents, gateway, engine, intent, transfer };
}

describe('the money engine after a crash', () => {
  beforeAll(() => {
    Logger.overrideLogger(false);
  });

  afterAll(() => {
    Logger.overrideLogger(['error', 'warn', 'log']);
  });

  it('re-drives a release that reached the gateway but not the ledger: one release, one transaction', async () => {
    const { clock, deals, ledger, intents, gateway, engine, intent, transfer } =
      await approvedMilestoneRelease();
    ledger.crashNext = true;
    expect(await engine.runIntent(intent)).toBe('failed');
    // The gateway lifted the hold; nothing is recorded yet, the intent waits for its retry.
    expect(gateway.transfers.get(transfer?.id ?? '')?.onHold).toBe(false);
    expect(ledger.transactions).toHaveLength(0);
    expect((await deals.findById('d1'))?.milestones[0]?.state).toBe('approved');

    clock.advance(60_000);
    const [due] = await intents.due(clock.now(), 10);
    expect(due?.id).toBe(intentIds.release('d1', 'm1'));
    if (due) expect(await engine.runIntent(due)).toBe('done');
    expect(gateway.holdsLifted.get(transfer?.id ?? '')).toBe(1);
    expect(gateway.writeCalls.get('release:release:d1:m1')).toBe(2);
    expect(ledger.transactions.map(({ eventKey }) => eventKey)).toEqual(['release:d1:m1']);
    expect((await deals.findById('d1'))?.milestones[0]?.state).toBe('released');
  });

  it('backs off a failing release 1 s, then 2 s, then 4 s, before it is due again', async () => {
    const { clock, ledger, intents, engine, intent } = await approvedMilestoneRelease();
    let current = intent;
    for (const waitMs of [1_000, 2_000, 4_000]) {
      ledger.crashNext = true;
      expect(await engine.runIntent(current)).toBe('failed');
      clock.advance(waitMs - 1);
      expect(await intents.due(clock.now(), 10)).toEqual([]);
      clock.advance(1);
      const [due] = await intents.due(clock.now(), 10);
      if (!due) throw new Error(`not due ${String(waitMs)} ms after the failure`);
      current = due;
    }
    expect(await engine.runIntent(current)).toBe('done');
    expect(ledger.transactions.map(({ eventKey }) => eventKey)).toEqual(['release:d1:m1']);
  });
});
