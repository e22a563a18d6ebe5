import { at, DAY, dealOf, FIXTURE } from '../../../test/support/insights-fixture.js';
import {
  aggregatesOf,
  analyticsFromAggregates,
  cutMonthsOfAnalytics,
  cutMonthsOfInsights,
  type CreatorAggregates,
  slowFundingFromAggregates,
  slowFundingInsight,
} from './aggregate-figures.js';
import { comingFromOpen, openInsights } from './open-milestones.js';
import type { DealFacts, MilestoneFacts } from './deal-facts.js';
import { analyticsOf } from './figures.js';
import {
  customPeriod,
  financialYear,
  type Period,
  type PeriodPreset,
  presetPeriod,
  previousPeriod,
} from './india-time.js';
import { comingOf, type Insight, insightsOf } from './insights.js';

const placed = (deals: readonly DealFacts[]) => deals.map((facts, order) => ({ facts, order }));

/** Only the cut months' moves, as the read model hands them to a request. */
function cutMoves(aggregates: CreatorAggregates, months: readonly string[]) {
  return new Map(months.map((month) => [month, aggregates.moves.get(month) ?? []]));
}

function analyticsVia(aggregates: CreatorAggregates, period: Period, previous: Period, now: Date) {
  const moves = cutMoves(aggregates, cutMonthsOfAnalytics(period, previous, now));
  return analyticsFromAggregates(aggregates.figures, moves, period, previous, now);
}

function insightsVia(aggregates: CreatorAggregates, period: Period, now: Date): Insight[] {
  const slow = slowFundingFromAggregates(
    aggregates.figures,
    cutMoves(aggregates, cutMonthsOfInsights(period)),
    period,
  );
  const evidence = slow ? slow.months.flatMap((month) => aggregates.moves.get(month) ?? []) : [];
  return [
    ...(slow ? [slowFundingInsight(slow, evidence, period)] : []),
    ...openInsights(aggregates.open, now),
  ];
}

const LATER = new Date('2026-06-15T06:30:00Z');

/** Periods that start and end on month boundaries, inside months, and around `now`. */
function periodsAround(now: Date): { period: Period; previous: Period }[] {
  const presets: Exclude<PeriodPreset, 'custom'>[] = [
    'this_month',
    'last_3_months',
    'this_financial_year',
  ];
  const customs = [
    ['2025-06-01', '2025-06-10'],
    ['2025-05-20', '2025-07-09'],
    ['2025-06-03', '2025-06-03'],
    ['2021-07-01', '2026-06-15'],
    ['2025-04-01', '2026-03-31'],
  ].filter(([, to]) => Date.parse(`${to ?? ''}T00:00:00+05:30`) <= now.getTime());
  return [
    ...presets.map((preset) => {
      const period = presetPeriod(preset, now);
      return { period, previous: previousPeriod(period, preset) };
    }),
    ...customs.map(([from, to]) => {
      const period = customPeriod(from ?? '', to ?? '', now);
      return { period, previous: previousPeriod(period, 'custom') };
    }),
    { period: financialYear(2025), previous: financialYear(2024) },
  ];
}

describe('the figures from the month aggregates equal the figures from the deals', () => {
  const aggregates = aggregatesOf(placed(FIXTURE));
  const nows = [new Date(at(3) + 3_600_000), new Date(at(25)), new Date(at(45)), LATER];

  it.each(nows.map((now) => [now.toISOString(), now]))(
    'analytics of the hand-computed fixture, now %s',
    (_, now) => {
      for (const { period, previous } of periodsAround(now))
        expect(analyticsVia(aggregates, period, previous, now)).toEqual(
          analyticsOf(FIXTURE, period, previous, now),
        );
    },
  );

  it.each(nows.map((now) => [now.toISOString(), now]))(
    "insights and what's coming of the fixture, now %s",
    (_, now) => {
      for (const { period } of periodsAround(now))
        expect(insightsVia(aggregates, period, now)).toEqual(insightsOf(FIXTURE, period, now));
      expect(comingFromOpen(aggregates.open, now)).toEqual(comingOf(FIXTURE, now));
    },
  );

  it('reads only the months a period cuts: none for presets on month boundaries', () => {
    const period = financialYear(2025);
    expect(cutMonthsOfAnalytics(period, financialYear(2024), LATER)).toEqual([]);
    expect(
      cutMonthsOfAnalytics(period, financialYear(2024), new Date('2025-11-28T04:00:00Z')),
    ).toEqual(['2025-11']);
  });

  describe('on generated deals: every state, brands sharing names, moves at month edges', () => {
    const deals = generated(240);
    const aggregates = aggregatesOf(placed(deals));
    const now = new Date(at(400) + 7 * 3_600_000);

    it('gives the same analytics and insights for every period', () => {
      const kinds = new Set<string>();
      for (const { period, previous } of periodsAround(now)) {
        expect(analyticsVia(aggregates, period, previous, now)).toEqual(
          analyticsOf(deals, period, previous, now),
        );
        const insights = insightsVia(aggregates, period, now);
        expect(insights).toEqual(insightsOf(deals, period, now));
        for (const { kind } of insights) kinds.add(kind);
      }
      expect(comingFromOpen(aggregates.open, now)).toEqual(comingOf(deals, now));
      // The generated deals do say every kind of insight (so each is compared).
      expect([...kinds].sort()).toEqual(['due_for_release', 'slow_funding', 'waiting_for_funding']);
    });
  });
});

/** A small deterministic generator (a linear congruential one), so failures reproduce. */
function generated(count: number): DealFacts[] {
  let seed = 40;
  const next = (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(seed / 65_536) % below;
  };
  const brands = ['Glow', 'GLOW', 'Kavya Foods', 'Zest', 'boAt'];
  const states: MilestoneFacts['state'][] = [
    'pending',
    'funded',
    'submitted',
    'changes_requested',
    'approved',
    'released',
    'settled',
    'disputed',
    'refunded',
  ];
  return Array.from({ length: count }, (_, d) => {
    const brand = brands[next(brands.length)] ?? 'Glow';
    // Zest funds three weeks later than the others: the slow-funding insight has its subject.
    const slowness = brand === 'Zest' ? 21 * DAY : 0;
    // Times land anywhere in the day, often near an India midnight (month edges included).
    const accepted = at(next(380)) + next(4) * 6 * 3_600_000 - 60_000 * next(2);
    const time = (after: number) => after + next(9) * DAY + next(48) * 1_800_000;
    const milestones = Array.from({ length: 1 + next(3) }, (_, m): MilestoneFacts => {
      const state = states[next(states.length)] ?? 'pending';
      const funded = state === 'pending' ? null : time(accepted) + slowness;
      const submitted = funded !== null && next(4) > 0 ? time(funded) : null;
      const approved = submitted !== null && next(3) > 0 ? time(submitted) : null;
      const released = approved !== null && next(3) > 0 ? time(approved) : null;
      const settled = released !== null && next(2) > 0 ? time(released) : null;
      const refunded = funded !== null && released === null && next(5) === 0 ? time(funded) : null;
      return {
        id: `m${String(d)}-${String(m)}`,
        name: `Milestone ${String(m)}`,
        amountPaise: (1 + next(40)) * 50_000,
        state,
        dueDate: next(6) === 0 ? 'not a date' : `2025-${String(6 + next(6)).padStart(2, '0')}-15`,
        fundedAt: funded,
        firstSubmittedAt: submitted,
        approvalDueAt: state === 'submitted' && submitted !== null ? submitted + 7 * DAY : null,
        approvedAt: approved,
        approvedBy:
          approved === null
            ? null
            : ((['brand', 'automatic', 'admin'] as const)[next(3)] ?? 'brand'),
        releasedAt: released,
        settledAt: settled,
        refundedAt: refunded,
        changeRequests:
          submitted !== null ? Array.from({ length: next(3) }, () => time(submitted)) : [],
        disputedAt: funded !== null && next(6) === 0 ? time(funded) : null,
      };
    });
    return dealOf(`gen-${String(d)}`, brand, milestones, {
      acceptedAt: next(10) === 0 ? null : accepted,
      state: next(8) === 0 ? 'cancelled' : 'accepted',
      approvalWindowDays: 3 + next(5),
    });
  });
}
