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
import { MilestoneActions } from './milestone-actions.use-cases.js';
import { ClaimRetryTiming } from './claim-retry.js';
import { MilestoneMoves } from './milestone-moves.js';
import { MoneyEngine } from './money-engine.js';
import { PaymentsSettings } from './ports/payments-settings.js';
import { BrandMoneyLinks } from '../../deals/deals.contract.js';

/** Records which intents a worker pass would have found due while a checkout recorded its order. */
class WatchedIntents extends InMemoryPaymentIntents {
  readonly dueWhileRecordingOrder: string[] = [];

  constructor(private readonly clock: FakeClock) {
    super();
  }

  override async setOrder(id: string, orderId: string): Promise<void> {
    const due = await this.due(this.clock.now(), 100);
    this.dueWhileRecordingOrder.push(...due.map((intent) => intent.id));
    return super.setOrder(id, orderId);
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
  const intents = new WatchedIntents(clock);
  const gateway = new FakePaymentGateway();
  const links = new InMemoryLinkTokens();
  const moves = new MilestoneMoves(deals, clock, new ClaimRetryTiming());
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
  return { clock, intents, actions, token };
}

describe("a brand opening a milestone's checkout", () => {
  it('keeps the intent from the worker until its order is recorded on it', async () => {
    // FerretDB 1.x writes a whole document back on every update: a worker's lease taken while the
    // checkout records the order would undo it, and the payment would match no intent.
    const { clock, intents, actions, token } = await checkoutWorld();

    const form = await actions.fund(token, 'm1');

    expect(intents.dueWhileRecordingOrder).toEqual([]);
    const intent = await intents.findByOrder(form.fields.order_id ?? '');
    expect(intent?.milestoneId).toBe('m1');
    // The worker looks at the order after the brand had a minute to pay.
    clock.advance(59_000);
    expect(await intents.due(clock.now(), 100)).toEqual([]);
    clock.advance(1_000);
    expect((await intents.due(clock.now(), 100)).map(({ id }) => id)).toEqual([intent?.id]);
  });
});
