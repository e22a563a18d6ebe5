import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { type BrandDues, brandDuesOf } from '../domain/brand-dues.js';
import {
  analyticsFromAggregates,
  cutMonthsOfAnalytics,
  cutMonthsOfInsights,
  slowFundingFromAggregates,
  slowFundingInsight,
} from '../domain/aggregate-figures.js';
import { comingFromOpen, openInsights } from '../domain/open-milestones.js';
import type { Analytics } from '../domain/figures.js';
import {
  customPeriod,
  InvalidRangeError,
  type Period,
  type PeriodPreset,
  presetPeriod,
  previousPeriod,
} from '../domain/india-time.js';
import type { ComingDay, Insight } from '../domain/insights.js';
import { InsightsFacts } from './ports/insights-facts.js';

/** A period as asked: a preset, or a custom range of India days (both inclusive). */
export interface PeriodQuery {
  readonly period: PeriodPreset;
  readonly from?: string;
  readonly to?: string;
}

export interface CreatorInsights {
  readonly period: Period;
  readonly insights: readonly Insight[];
  readonly coming: readonly ComingDay[];
}

/** The creator's analytics and insights, and the brand's mirror (#40), from the read model. */
@Injectable()
export class InsightsQueries {
  constructor(
    private readonly facts: InsightsFacts,
    private readonly clock: Clock,
  ) {}

  /** The period and the one before it; InvalidRangeError names the field of a bad range. */
  periodsOf(query: PeriodQuery, now: Date): { period: Period; previous: Period } {
    let period: Period;
    if (query.period === 'custom') {
      if (query.from === undefined)
        throw new InvalidRangeError('from', 'from is required for a custom period');
      if (query.to === undefined)
        throw new InvalidRangeError('to', 'to is required for a custom period');
      period = customPeriod(query.from, query.to, now);
    } else period = presetPeriod(query.period, now);
    return { period, previous: previousPeriod(period, query.period) };
  }

  /** Two reads at once: the month buckets, and the moves of the months the periods cut. */
  async analytics(creatorId: string, query: PeriodQuery): Promise<Analytics> {
    const now = this.clock.now();
    const { period, previous } = this.periodsOf(query, now);
    const [figures, moves] = await Promise.all([
      this.facts.monthFigures(creatorId),
      this.facts.monthMoves(creatorId, cutMonthsOfAnalytics(period, previous, now)),
    ]);
    return analyticsFromAggregates(figures, moves, period, previous, now);
  }

  /**
   * The month buckets, the cut months' moves and the open milestones at once; then, when a brand
   * is slow to fund, the moves of the months holding its fundings in the period (its evidence).
   */
  async insights(creatorId: string, query: PeriodQuery): Promise<CreatorInsights> {
    const now = this.clock.now();
    const { period } = this.periodsOf(query, now);
    const [figures, cutMoves, open] = await Promise.all([
      this.facts.monthFigures(creatorId),
      this.facts.monthMoves(creatorId, cutMonthsOfInsights(period)),
      this.facts.openMilestones(creatorId),
    ]);
    const slow = slowFundingFromAggregates(figures, cutMoves, period);
    const insights = openInsights(open, now);
    if (slow) {
      const moves = await this.facts.monthMoves(creatorId, slow.months);
      insights.unshift(slowFundingInsight(slow, [...moves.values()].flat(), period));
    }
    return { period, insights, coming: comingFromOpen(open, now) };
  }

  async brandDues(brandId: string): Promise<BrandDues> {
    return brandDuesOf(await this.facts.ofBrand(brandId));
  }
}
