import { FakeClock } from '../../../test/support/fake-clock.js';
import { InMemoryDealRepository } from '../../../test/support/deal-fakes.js';
import { acceptedDealRecord, milestoneRecord } from '../../../test/support/deal-records.js';
import { FakePaymentGateway } from '../../../test/support/fake-payment-gateway.js';
import {
  InMemoryLedger,
  InMemoryPaymentIntents,
} from '../../../test/support/in-memory-payments.js';
import { InMemoryLinkTokens } from '../../../test/support/waitlist-fakes.js';
import { PayoutAccounts } from '../../payouts/payouts.contract.js';
import { MilestoneActions } from './milestone-actions.use-case.js';
import { ClaimRetryTiming } from './claim-retry.js';
import { MilestoneMoves } from './milestone-moves.js';
import { MoneyEngine } from './money-engine.js';
import type { NewPaymentIntent, PaymentIntent } from './ports/payment-intents.js';
import { PaymentsSettings } from './ports/payments-settings.js';
import { BrandMoneyLinks } from '../../deals/deals.contract.js';
import { inMemoryErasureGate } from '../../../test/support/in-memory-erasure-claims.js';

/** Records every checkout intent as it is first written (a copy: later updates do not show). */
class WatchedIntents extends InMemoryPaymentIntents {
  readonly written: PaymentIntent[] = [];

  override async open(intent: NewPaymentIntent): Promise<PaymentIntent> {
    const stored = await super.open(intent);
    if (stored === this.intents.get(intent.id) && !this.written.includes(stored)) {
      this.written.push({ ...stored });
    }
    return stored;
  }
}

class VerifiedPayouts extends PayoutAccounts {
  verifiedDestination() {
    return Promise.resolve({ linkedAccountId: 'acc_1', maskedDestination: 'HDFC0000001 ••••6789' });
  }
}

async function checkoutWorld() {
  const clock = new FakeClock();
  const deals = new InMemoryDealRepository();
  const intents = new WatchedIntents();
  const gateway = new FakePaymentGateway();
  const links = new InMemoryLinkTokens();
  const moves = new MilestoneMoves(
    deals,
    clock,
    new ClaimRetryTiming(),
    inMemoryErasureGate(clock),
  );
  const settings = new PaymentsSettings(0, 'http://localhost:5173', 1_000, 86_400_000, 3_600_000);
  const engine = new MoneyEngine(
    deals,
    moves,
    new InMemoryLedger(),
    gateway,
    intents,
    settings,
    clock,
  );
  const actions = new MilestoneActions(
    deals,
    moves,
    engine,
    gateway,
    intents,
    new BrandMoneyLinks(deals, links, clock),
    settings,
    clock,
    new VerifiedPayouts(),
  );
  const now = clock.now();
  const deal = acceptedDealRecord(now, {
    id: 'd1',
    creatorId: 'c1',
    milestones: [milestoneRecord({ id: 'm1', name: 'Reel live' })],
  });
  await deals.insert(deal);
  const token = await links.issue({
    purpose: 'deal-review',
    subject: 'd1:1',
    issuedAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { clock, intents, gateway, actions, token };
}

describe("a brand opening a milestone's checkout", () => {
  it('writes the intent once, already holding its order: no moment without it', async () => {
    const { clock, intents, actions, token } = await checkoutWorld();

    const form = await actions.fund(token, 'm1');

    const orderId = form.fields.order_id;
    expect(intents.written.map((intent) => [intent.id, intent.orderId])).toEqual([
      ['fund:d1:m1', orderId],
    ]);
    expect((await intents.findByOrder(orderId ?? ''))?.milestoneId).toBe('m1');
    // The worker may look at the order at once: nothing it writes can lose the order.
    expect((await intents.due(clock.now(), 100)).map(({ id }) => id)).toEqual(['fund:d1:m1']);
  });

  it('answers two clicks at once with one order and one intent', async () => {
    const { intents, gateway, actions, token } = await checkoutWorld();

    const forms = await Promise.all([actions.fund(token, 'm1'), actions.fund(token, 'm1')]);

    expect(gateway.orders.size).toBe(1);
    const [orderId] = [...gateway.orders.keys()];
    expect(forms.map((form) => form.fields.order_id)).toEqual([orderId, orderId]);
    expect([...intents.intents.values()].map((intent) => intent.orderId)).toEqual([orderId]);
    // A later click reuses the order.
    expect((await actions.fund(token, 'm1')).fields.order_id).toBe(orderId);
    expect(gateway.orders.size).toBe(1);
  });
});
