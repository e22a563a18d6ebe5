import type { mongo } from 'mongoose';
import { at, DAY, FIXTURE } from '../../../test/support/insights-fixture.js';
import { databaseEmptiedBeforeEachTest } from '../../../test/support/int-database.js';
import { ReadModelStore } from '../../database/read-models/index.js';
import { analyticsFromAggregates, cutMonthsOfAnalytics } from '../domain/aggregate-figures.js';
import { comingFromOpen } from '../domain/open-milestones.js';
import type { DealFacts } from '../domain/deal-facts.js';
import { analyticsOf } from '../domain/figures.js';
import { customPeriod, financialYear, previousPeriod } from '../domain/india-time.js';
import { comingOf } from '../domain/insights.js';
import { CREATOR_INSIGHTS, InsightsReadModel } from './insights-read-model.js';

const CREATOR = 'creator-asha';
const LATER = new Date('2026-06-15T06:30:00Z');
const NOW = new Date(at(26) + 5 * 3_600_000);

/** The analytics a request computes from what the read model stores. */
async function storedAnalytics(
  model: InsightsReadModel,
  period = financialYear(2025),
  now = LATER,
) {
  const previous = previousPeriod(period, 'custom');
  const [figures, moves] = await Promise.all([
    model.monthFiguresOf(CREATOR),
    model.monthMovesOf(CREATOR, cutMonthsOfAnalytics(period, previous, now)),
  ]);
  return analyticsFromAggregates(figures, moves, period, previous, now);
}

const expected = (deals: readonly DealFacts[], period = financialYear(2025), now = LATER) =>
  analyticsOf(deals, period, previousPeriod(period, 'custom'), now);

/** A deal's next revision: its first milestone settled, or its brand renamed. */
function revised(deal: DealFacts, change: Partial<DealFacts['milestones'][number]>): DealFacts {
  const [first, ...rest] = deal.milestones;
  return {
    ...deal,
    revision: deal.revision + 1,
    milestones: [{ ...(first as DealFacts['milestones'][number]), ...change }, ...rest],
  };
}

describe("the insights' precomputed figures, on the database", () => {
  const connection = databaseEmptiedBeforeEachTest();
  let model: InsightsReadModel;
  let db: mongo.Db;
  beforeEach(() => {
    db = connection().db as mongo.Db;
    model = new InsightsReadModel(new ReadModelStore(db));
  });

  it('keeps the month buckets equal to the figures of the deals as they change', async () => {
    await model.apply(FIXTURE.slice(0, 30));
    await model.apply(FIXTURE.slice(30));
    expect(await storedAnalytics(model)).toEqual(expected(FIXTURE));

    // Kavya 1 is approved, released and settled; Glow 2 is refunded instead; a replay is ignored.
    const kavya = FIXTURE[20] as DealFacts;
    const glow = FIXTURE[1] as DealFacts;
    const later = [
      revised(kavya, {
        state: 'settled',
        approvedAt: at(50),
        approvedBy: 'automatic',
        approvalDueAt: null,
        releasedAt: at(51),
        settledAt: at(53) + DAY / 3,
      }),
      revised(glow, { state: 'refunded', releasedAt: null, settledAt: null, refundedAt: at(70) }),
    ];
    await model.apply(later);
    await model.apply([kavya]);
    const deals = FIXTURE.map((deal) => later.find(({ dealId }) => dealId === deal.dealId) ?? deal);
    expect(await storedAnalytics(model)).toEqual(expected(deals));
    const cut = customPeriod('2025-06-05', '2025-08-20', LATER);
    expect(await storedAnalytics(model, cut)).toEqual(expected(deals, cut));
    expect(comingFromOpen(await model.openMilestonesOf(CREATOR), NOW)).toEqual(
      comingOf(deals, NOW),
    );
  });

  it('moves a deal to its new brand when the company is renamed', async () => {
    const boat = {
      ...(FIXTURE[0] as DealFacts),
      dealId: 'boat-1',
      brandKey: 'boat',
      brandName: 'boAt',
    };
    await model.apply([...FIXTURE, boat]);
    expect((await storedAnalytics(model)).brands.map(({ brandName }) => brandName)).toContain(
      'boAt',
    );
    const renamed = { ...boat, revision: 2, brandKey: 'zest', brandName: 'Zest' };
    await model.apply([renamed]);
    const analytics = await storedAnalytics(model);
    expect(analytics).toEqual(expected([...FIXTURE, renamed]));
    expect(analytics.brands.map(({ brandName }) => brandName)).toEqual([
      'Glow',
      'Kavya Foods',
      'Zest',
    ]);
  });

  it('counts, once, the facts a creator had before the figures were kept', async () => {
    await model.apply(FIXTURE);
    // As before this version: the facts alone, without the figures' documents.
    const owner = { model: CREATOR_INSIGHTS, owner: CREATOR };
    const store = new ReadModelStore(db);
    await store.collection(owner, 'figures').drop();
    await store.collection(owner, 'moves').drop();
    expect((await storedAnalytics(model)).overall.current.money.fundedPaise).toBe(0);

    const next = revised(FIXTURE[0] as DealFacts, { settledAt: at(40) });
    await model.apply([next]);
    expect(await storedAnalytics(model)).toEqual(expected([next, ...FIXTURE.slice(1)]));
  });
});
