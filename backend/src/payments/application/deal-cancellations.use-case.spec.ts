import { Logger } from '@nestjs/common';
import { FakeClock } from '../../../test/support/fake-clock.js';
import { allowingCreatorLimits, InMemoryDealRepository } from '../../../test/support/deal-fakes.js';
import {
  FakePaymentGateway,
  FakePayoutAccounts,
} from '../../../test/support/fake-payment-gateway.js';
import { InMemoryOutbox } from '../../../test/support/in-memory-outbox.js';
import {
  InMemoryLedger,
  InMemoryPaymentIntents,
} from '../../../test/support/in-memory-payments.js';
import { InMemoryLinkTokens } from '../../../test/support/waitlist-fakes.js';
import { acceptedDealRecord, milestoneRecord } from '../../../test/support/deal-records.js';
import { type Deal, DealChangedConcurrentlyError } from '../../deals/deals.contract.js';
import { type CancellationCaller, DealCancellations } from './deal-cancellations.use-case.js';
import { MilestoneActions } from './milestone-actions.use-case.js';
import { ClaimRetryTiming } from './claim-retry.js';
import { MilestoneMoves } from './milestone-moves.js';
import { MoneyEngine } from './money-engine.js';
import { PaymentsSettings } from './ports/payments-settings.js';
import { BrandMoneyLinks } from '../../deals/deals.contract.js';
import { inMemoryErasureGate } from '../../../test/support/in-memory-erasure-claims.js';

/** A repository whose next claim dies before it is written, as a process killed right there. */
class CrashingDeals extends InMemoryDealRepository {
  crashNextClaim = false;

  override claim(expected: Pick<Deal, 'id' | 'state' | 'revision'>, next: Deal): Promise<boolean> {
    if (this.crashNextClaim) {
      this.crashNextClaim = false;
      return Promise.reject(new Error('killed'));
    }
    return super.claim(expected, next);
  }
}

const CREATOR: CancellationCaller = { party: 'creator', creatorId: 'c1', dealId: 'd1' };

async function setUp() {
  const clock = new FakeClock();
  const deals = new CrashingDeals();
  const ledger = new InMemoryLedger();
  const intents = new InMemoryPaymentIntents();
  const gateway = new FakePaymentGateway();
  const links = new InMemoryLinkTokens();
  const outbox = new InMemoryOutbox();
  const moves = new MilestoneMoves(
    deals,
    clock,
    new ClaimRetryTiming(),
    inMemoryErasureGate(clock),
  );
  const settings = new PaymentsSettings(0, 'http://localhost:5173', 1_000, 86_400_000, 3_600_000);
  const engine = new MoneyEngine(deals, moves, ledger, gateway, intents, settings, clock);
  const actions = new MilestoneActions(
    deals,
    moves,
    engine,
    gateway,
    intents,
    new BrandMoneyLinks(deals, links, clock),
    settings,
    clock,
    new FakePayoutAccounts(),
  );
  const cancellations = new DealCancellations(
    deals,
    actions,
    engine,
    intents,
    clock,
    allowingCreatorLimits(clock),
  );
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
        state: 'funded',
        fundedAt: now,
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
  const brand: CancellationCaller = {
    party: 'brand',
    token: await links.issue({
      purpose: 'deal-review',
      subject: 'd1:1',
      issuedAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    }),
  };
  return { clock, deals, ledger, intents, gateway, outbox, engine, cancellations, brand };
}

describe('agreeing to cancel a deal with a funded milestone', () => {
  beforeAll(() => {
    Logger.overrideLogger(false);
  });

  afterAll(() => {
    Logger.overrideLogger(['error', 'warn', 'log']);
  });

  it('cancels by agreement and refunds the funded milestone, mailing nothing itself (the notifications tell each side)', async () => {
    const s = await setUp();
    await s.cancellations.propose(CREATOR, 'The launch was called off.');
    const cancelled = await s.cancellations.agree(s.brand);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.milestones[0]?.state).toBe('refunded');
    expect(s.outbox.messages).toEqual([]);
  });

  it('writes the refund intent before the claim: killed at the claim, nothing is refunded', async () => {
    const s = await setUp();
    await s.cancellations.propose(s.brand, 'Budget cut');

    s.deals.crashNextClaim = true;
    await expect(s.cancellations.agree(CREATOR)).rejects.toThrow('killed');
    const [intent] = await s.intents.due(s.clock.now(), 10);
    expect(intent?.kind).toBe('refund');
    // The worker finds the deal still accepted with the proposal open: it waits, refunds nothing.
    expect(intent && (await s.engine.runIntent(intent))).toBe('waiting');
    expect(s.gateway.writeCalls.size).toBe(1); // the order only

    // The creator agrees again: the same intent, one refund at the gateway, one transaction.
    const cancelled = await s.cancellations.agree(CREATOR);
    expect(cancelled.milestones[0]?.state).toBe('refunded');
    s.clock.advance(120_000);
    for (const due of await s.intents.due(s.clock.now(), 10)) await s.engine.runIntent(due);
    expect(s.gateway.writeCalls.get('refund:refund:d1:m1')).toBe(1);
    expect(s.gateway.writeCalls.get('reverse:reverse:d1:m1')).toBe(1);
    expect(s.ledger.transactions.map(({ kind }) => kind)).toEqual(['refunded']);
    expect(await s.intents.openCount()).toBe(0);
  });

  it('an intent whose agreement never came (the proposal withdrawn) refunds nothing', async () => {
    const s = await setUp();
    await s.cancellations.propose(CREATOR, 'The launch was called off.');
    const deal = (await s.deals.findById('d1')) as Deal;
    const proposalAt = deal.cancellation?.at ?? s.clock.now();
    // A brand agreement that died after its write-ahead:
    const intent = await s.intents.open({
      id: `refund:d1:m1:cancel:${String(proposalAt.getTime())}`,
      kind: 'refund',
      dealId: 'd1',
      milestoneId: 'm1',
      creatorId: 'c1',
      amountPaise: 100_000,
      feePaise: 0,
      createdAt: s.clock.now(),
      nextAttemptAt: s.clock.now(),
    });
    await s.cancellations.withdraw(CREATOR);
    expect(await s.engine.runIntent(intent)).toBe('done');
    expect(s.gateway.writeCalls.get('refund:refund:d1:m1')).toBeUndefined();
    expect((await s.deals.findById('d1'))?.milestones[0]?.state).toBe('funded');
  });

  it('of two racing agrees, one wins and the other is told the deal changed', async () => {
    const s = await setUp();
    await s.cancellations.propose({ ...CREATOR }, 'The launch was called off.');
    const { brand } = s;
    const results = await Promise.allSettled([
      s.cancellations.agree(brand),
      s.cancellations.agree(brand),
    ]);
    expect(results.filter(({ status }) => status === 'fulfilled')).toHaveLength(1);
    const [lost] = results.filter((result) => result.status === 'rejected');
    expect(lost?.reason).toBeInstanceOf(DealChangedConcurrentlyError);
    expect(s.gateway.writeCalls.get('refund:refund:d1:m1')).toBe(1);
  });
});
