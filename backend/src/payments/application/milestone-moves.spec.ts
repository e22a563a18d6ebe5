import { FakeClock } from '../../../test/support/fake-clock.js';
import { InMemoryDealRepository } from '../../../test/support/deal-fakes.js';
import { acceptedDealRecord, milestoneRecord } from '../../../test/support/deal-records.js';
import type { Deal } from '../../deals/deals.contract.js';
import { DealKeptChangingError } from '../domain/payment.errors.js';
import { ClaimRetryTiming, jitteredDelayMs } from './claim-retry.js';
import { MilestoneMoves } from './milestone-moves.js';
import { inMemoryErasureGate } from '../../../test/support/in-memory-erasure-claims.js';

/** A deal store where another milestone's move wins the first `losses` claims (then none). */
class BusyDeals extends InMemoryDealRepository {
  claims = 0;

  constructor(private readonly losses: number) {
    super();
  }

  override async claim(expected: Pick<Deal, 'id' | 'state' | 'revision'>, next: Deal) {
    this.claims += 1;
    if (this.claims <= this.losses) return false;
    return super.claim(expected, next);
  }
}

async function world(losses: number, timing: ClaimRetryTiming) {
  const clock = new FakeClock();
  const deals = new BusyDeals(losses);
  await deals.insert(
    acceptedDealRecord(clock.now(), {
      id: 'd1',
      creatorId: 'c1',
      milestones: [milestoneRecord({ id: 'm1', state: 'funded' })],
    }),
  );
  return { deals, moves: new MilestoneMoves(deals, clock, timing, inMemoryErasureGate(clock)) };
}

const dispute = {
  dealId: 'd1',
  milestoneId: 'm1',
  action: 'dispute',
  by: 'creator',
  actor: 'c1',
} as const;

describe('a milestone move that loses its claim to other moves on the deal', () => {
  it('keeps trying past eight lost claims while the milestone still allows it', async () => {
    const { deals, moves } = await world(20, new ClaimRetryTiming(10_000, 1, 2));
    const outcome = await moves.move(dispute);
    expect(outcome.moved).toBe(true);
    expect(outcome.milestone.state).toBe('disputed');
    expect(deals.claims).toBe(21);
  });

  it('answers the retryable DEAL_CHANGED_CONCURRENTLY once its deadline passed', async () => {
    const { deals, moves } = await world(Number.POSITIVE_INFINITY, new ClaimRetryTiming(40, 1, 4));
    const refusal = moves.move(dispute);
    await expect(refusal).rejects.toBeInstanceOf(DealKeptChangingError);
    await expect(refusal).rejects.toMatchObject({
      code: 'DEAL_CHANGED_CONCURRENTLY',
      retryAfterSeconds: 1,
    });
    expect(deals.claims).toBeGreaterThan(1);
    expect((await deals.findById('d1'))?.milestones[0]?.state).toBe('funded');
  });

  it('waits a random time under a cap that doubles up to its maximum', () => {
    const timing = new ClaimRetryTiming(1_000, 5, 250);
    expect(jitteredDelayMs(0, timing, () => 0.999)).toBe(4);
    expect(jitteredDelayMs(3, timing, () => 0.5)).toBe(20);
    expect(jitteredDelayMs(40, timing, () => 0.999)).toBe(249);
    expect(jitteredDelayMs(40, timing, () => 0)).toBe(0);
  });
});
