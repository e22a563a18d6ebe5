/**
 * The analytics' figures (#40) for one period, computed from deal facts alone (docs/insights.md
 * defines each). A milestone counts in a period by the time of the move a figure is about: funded
 * money by its funding time, released by its release, and so on. "Held" and "releasing now" are
 * balances at the period's end, or now when the period has not ended.
 */
import type { DealFacts, MilestoneFacts } from './deal-facts.js';
import { type Period, within } from './india-time.js';
import { daysBetween, mean, median, percentile90 } from './statistics.js';

export interface MoneyFigures {
  readonly fundedPaise: number;
  readonly releasedPaise: number;
  readonly settledPaise: number;
  readonly refundedPaise: number;
  readonly heldPaise: number;
  readonly releasingNowPaise: number;
}

export interface SpeedFigure {
  /** How many milestones the figure is measured on. */
  readonly count: number;
  readonly medianDays: number | null;
  readonly p90Days: number | null;
}

export interface SpeedFigures {
  readonly acceptanceToFunding: SpeedFigure;
  readonly submissionToRelease: SpeedFigure;
  readonly releaseToSettlement: SpeedFigure;
}

export interface FlowFigures {
  readonly approved: number;
  readonly approvedByBrand: number;
  readonly approvedAutomatically: number;
  readonly approvedAfterDispute: number;
  readonly sentBack: number;
  /** Rounds of changes per milestone sent back (null when none was). */
  readonly averageRounds: number | null;
  readonly disputed: number;
  readonly refunded: number;
}

export interface Figures {
  readonly money: MoneyFigures;
  readonly speed: SpeedFigures;
  readonly flow: FlowFigures;
}

interface Located {
  readonly deal: DealFacts;
  readonly milestone: MilestoneFacts;
}

const milestonesOf = (deals: readonly DealFacts[]): Located[] =>
  deals.flatMap((deal) => deal.milestones.map((milestone) => ({ deal, milestone })));

const sum = (items: readonly Located[]) =>
  items.reduce((total, { milestone }) => total + milestone.amountPaise, 0);

const done = (at: number | null, moment: number) => at !== null && at <= moment;

function moneyOf(items: readonly Located[], period: Period, moment: number): MoneyFigures {
  const movedIn = (stamp: 'fundedAt' | 'releasedAt' | 'settledAt' | 'refundedAt') =>
    sum(items.filter(({ milestone }) => within(milestone[stamp], period)));
  const open = ({ milestone }: Located) =>
    !done(milestone.releasedAt, moment) && !done(milestone.refundedAt, moment);
  return {
    fundedPaise: movedIn('fundedAt'),
    releasedPaise: movedIn('releasedAt'),
    settledPaise: movedIn('settledAt'),
    refundedPaise: movedIn('refundedAt'),
    heldPaise: sum(items.filter((item) => done(item.milestone.fundedAt, moment) && open(item))),
    releasingNowPaise: sum(
      items.filter((item) => done(item.milestone.approvedAt, moment) && open(item)),
    ),
  };
}

function speedOf(durations: readonly number[]): SpeedFigure {
  return {
    count: durations.length,
    medianDays: median(durations),
    p90Days: percentile90(durations),
  };
}

/** Days from acceptance to funding, of the milestones funded in the period. */
export function fundingDays(items: readonly Located[], period: Period): number[] {
  return items.flatMap(({ deal, milestone }) =>
    within(milestone.fundedAt, period) && deal.acceptedAt !== null
      ? [daysBetween(deal.acceptedAt, milestone.fundedAt)]
      : [],
  );
}

function speedFiguresOf(items: readonly Located[], period: Period): SpeedFigures {
  const between = (
    start: 'firstSubmittedAt' | 'releasedAt',
    end: 'releasedAt' | 'settledAt',
  ): number[] =>
    items.flatMap(({ milestone }) => {
      const from = milestone[start];
      return within(milestone[end], period) && from !== null
        ? [daysBetween(from, milestone[end])]
        : [];
    });
  return {
    acceptanceToFunding: speedOf(fundingDays(items, period)),
    submissionToRelease: speedOf(between('firstSubmittedAt', 'releasedAt')),
    releaseToSettlement: speedOf(between('releasedAt', 'settledAt')),
  };
}

function flowOf(items: readonly Located[], period: Period): FlowFigures {
  const approved = items.filter(({ milestone }) => within(milestone.approvedAt, period));
  const by = (approver: MilestoneFacts['approvedBy']) =>
    approved.filter(({ milestone }) => milestone.approvedBy === approver).length;
  const rounds = items
    .map(({ milestone }) => milestone.changeRequests.filter((at) => within(at, period)).length)
    .filter((count) => count > 0);
  return {
    approved: approved.length,
    approvedByBrand: by('brand'),
    approvedAutomatically: by('automatic'),
    approvedAfterDispute: by('admin'),
    sentBack: rounds.length,
    averageRounds: mean(rounds),
    disputed: items.filter(({ milestone }) => within(milestone.disputedAt, period)).length,
    refunded: items.filter(({ milestone }) => within(milestone.refundedAt, period)).length,
  };
}

/** The figures of `deals` for `period`, balances taken at its end or `now`, whichever is first. */
export function figuresOf(deals: readonly DealFacts[], period: Period, now: Date): Figures {
  const items = milestonesOf(deals);
  const moment = Math.min(period.to.getTime() - 1, now.getTime());
  return {
    money: moneyOf(items, period, moment),
    speed: speedFiguresOf(items, period),
    flow: flowOf(items, period),
  };
}

export interface Comparison {
  readonly current: Figures;
  readonly previous: Figures;
}

export interface BrandComparison extends Comparison {
  readonly brandKey: string;
  readonly brandName: string;
}

export interface Analytics {
  readonly period: Period;
  readonly previousPeriod: Period;
  readonly overall: Comparison;
  /** Each brand the creator has a deal with, by name. */
  readonly brands: readonly BrandComparison[];
}

export function byBrand(deals: readonly DealFacts[]): Map<string, DealFacts[]> {
  const groups = new Map<string, DealFacts[]>();
  for (const deal of deals) groups.set(deal.brandKey, [...(groups.get(deal.brandKey) ?? []), deal]);
  return groups;
}

export function analyticsOf(
  deals: readonly DealFacts[],
  period: Period,
  previousPeriod: Period,
  now: Date,
): Analytics {
  const compare = (group: readonly DealFacts[]): Comparison => ({
    current: figuresOf(group, period, now),
    previous: figuresOf(group, previousPeriod, now),
  });
  const brands = [...byBrand(deals).entries()]
    .map(([brandKey, group]) => ({
      brandKey,
      brandName: (group.at(-1) as DealFacts).brandName,
      ...compare(group),
    }))
    .sort((a, b) => a.brandName.localeCompare(b.brandName));
  return { period, previousPeriod, overall: compare(deals), brands };
}

export { milestonesOf, type Located };
