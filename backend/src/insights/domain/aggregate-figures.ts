/**
 * The analytics and insights (#40) from a creator's precomputed aggregates (figure-moves.ts):
 * the same figures as figures.ts and insights.ts compute from the deal facts, equal to them
 * exactly (aggregate-figures.spec.ts checks both on the hand-computed fixture and on generated
 * deals), read from the month buckets plus the moves of the months a period cuts.
 */
import type { DealFacts } from './deal-facts.js';
import {
  type Analytics,
  type BrandComparison,
  type Comparison,
  type Figures,
  type SpeedFigure,
} from './figures.js';
import {
  type Bucket,
  emptyBucket,
  type FigureMove,
  type Histogram,
  mergeBucket,
  monthKeyOf,
  monthPeriod,
  valuesOf,
  addMove,
  bucketsOf,
  movesOfDeal,
} from './figure-moves.js';
import { type Period, within } from './india-time.js';
import { type Insight, SHOWN_PER_LIST, SLOW_FUNDING_MARGIN_DAYS } from './insights.js';
import { mean, median, percentile90 } from './statistics.js';
import {
  byPlace,
  evidenceOf,
  type OpenMilestone,
  openMilestonesOfDeal,
} from './open-milestones.js';

/** A brand the creator has deals with: the names of its first and last deal (in the deals' order). */
export interface BrandEntry {
  readonly firstOrder: number;
  readonly firstName: string;
  readonly lastOrder: number;
  readonly lastName: string;
}

/** The creator's month buckets (`YYYY-MM` → brand key → bucket) and brands. */
export interface MonthFigures {
  readonly months: Readonly<Record<string, Readonly<Record<string, Bucket>>>>;
  readonly brands: Readonly<Record<string, BrandEntry>>;
}

export const NO_MONTH_FIGURES: MonthFigures = { months: {}, brands: {} };

/** The creator's brands, from their deals in order (added to `known`, the brands so far). */
export function brandsOf(
  deals: readonly { readonly facts: DealFacts; readonly order: number }[],
  known: Readonly<Record<string, BrandEntry>> = {},
): Record<string, BrandEntry> {
  const brands: Record<string, BrandEntry> = { ...known };
  for (const { facts, order } of deals) {
    const known = brands[facts.brandKey];
    const first =
      !known || order < known.firstOrder
        ? { firstOrder: order, firstName: facts.brandName }
        : { firstOrder: known.firstOrder, firstName: known.firstName };
    const last =
      !known || order >= known.lastOrder
        ? { lastOrder: order, lastName: facts.brandName }
        : { lastOrder: known.lastOrder, lastName: known.lastName };
    brands[facts.brandKey] = { ...first, ...last };
  }
  return brands;
}

const BEGINNING = new Date(-8.64e15);

/** The moment a period's balances are taken at: its last instant, or now if that is earlier. */
const momentOf = (period: Period, now: Date) => Math.min(period.to.getTime() - 1, now.getTime());

/** Everything up to and including the period's balance moment. */
const balanceWindow = (period: Period, now: Date): Period => ({
  from: BEGINNING,
  to: new Date(momentOf(period, now) + 1),
});

const isMonthStart = (at: Date) =>
  monthPeriod(monthKeyOf(at.getTime())).from.getTime() === at.getTime();

/** The months a window cuts (starts or ends inside): their moves count one by one. */
function cutMonthsOf(window: Period): string[] {
  const cut: string[] = [];
  if (window.from !== BEGINNING && !isMonthStart(window.from))
    cut.push(monthKeyOf(window.from.getTime()));
  if (!isMonthStart(window.to)) cut.push(monthKeyOf(window.to.getTime() - 1));
  return cut;
}

/** The months whose moves the analytics of `period` and `previous` need (known before reading). */
export function cutMonthsOfAnalytics(period: Period, previous: Period, now: Date): string[] {
  const windows = [period, previous, balanceWindow(period, now), balanceWindow(previous, now)];
  return [...new Set(windows.flatMap(cutMonthsOf))];
}

/** The months whose moves the insights of `period` need before their evidence. */
export function cutMonthsOfInsights(period: Period): string[] {
  return cutMonthsOf(period);
}

/** The moves of some months, by month. */
export type MonthMoves = ReadonlyMap<string, readonly FigureMove[]>;

/** The window's buckets per brand: whole months from their buckets, cut months move by move. */
function windowBuckets(
  figures: MonthFigures,
  moves: MonthMoves,
  window: Period,
): Map<string, Bucket> {
  const buckets = new Map<string, Bucket>();
  const bucketOf = (brandKey: string) => {
    let bucket = buckets.get(brandKey);
    if (!bucket) buckets.set(brandKey, (bucket = emptyBucket()));
    return bucket;
  };
  for (const [key, brands] of Object.entries(figures.months)) {
    const month = monthPeriod(key);
    if (month.to <= window.from || month.from >= window.to) continue;
    if (month.from >= window.from && month.to <= window.to) {
      for (const [brandKey, bucket] of Object.entries(brands))
        mergeBucket(bucketOf(brandKey), bucket);
      continue;
    }
    for (const move of moves.get(key) ?? [])
      if (within(move.at, window)) addMove(bucketOf(move.brandKey), move);
  }
  return buckets;
}

function speedOf(histogram: Histogram): SpeedFigure {
  const values = valuesOf(histogram);
  return { count: values.length, medianDays: median(values), p90Days: percentile90(values) };
}

function figuresFrom(bucket: Bucket, balance: Bucket): Figures {
  const rounds = Object.values(bucket.rounds).filter((count) => count > 0);
  return {
    money: {
      fundedPaise: bucket.fundedPaise,
      releasedPaise: bucket.releasedPaise,
      settledPaise: bucket.settledPaise,
      refundedPaise: bucket.refundedPaise,
      heldPaise: balance.heldPaise,
      releasingNowPaise: balance.releasingPaise,
    },
    speed: {
      acceptanceToFunding: speedOf(bucket.fundingDays),
      submissionToRelease: speedOf(bucket.releaseDays),
      releaseToSettlement: speedOf(bucket.settlementDays),
    },
    flow: {
      approved: bucket.approved,
      approvedByBrand: bucket.approvedBy.brand,
      approvedAutomatically: bucket.approvedBy.automatic,
      approvedAfterDispute: bucket.approvedBy.admin,
      sentBack: rounds.length,
      averageRounds: mean(rounds),
      disputed: bucket.disputed,
      refunded: bucket.refunded,
    },
  };
}

const overallOf = (buckets: ReadonlyMap<string, Bucket>) => {
  const overall = emptyBucket();
  for (const bucket of buckets.values()) mergeBucket(overall, bucket);
  return overall;
};

/** Brand keys in the order of their first deal (as the facts group them). */
const brandKeysInOrder = (figures: MonthFigures) =>
  Object.entries(figures.brands)
    .sort(([, a], [, b]) => a.firstOrder - b.firstOrder)
    .map(([key]) => key);

/** The analytics (figures.ts `analyticsOf`) from the month buckets and the cut months' moves. */
export function analyticsFromAggregates(
  figures: MonthFigures,
  moves: MonthMoves,
  period: Period,
  previousPeriod: Period,
  now: Date,
): Analytics {
  const side = (window: Period) => {
    const flows = windowBuckets(figures, moves, window);
    const balances = windowBuckets(figures, moves, balanceWindow(window, now));
    return { flows, balances };
  };
  const current = side(period);
  const previous = side(previousPeriod);
  const compare = (pick: (buckets: ReadonlyMap<string, Bucket>) => Bucket): Comparison => ({
    current: figuresFrom(pick(current.flows), pick(current.balances)),
    previous: figuresFrom(pick(previous.flows), pick(previous.balances)),
  });
  const brands: BrandComparison[] = brandKeysInOrder(figures)
    .map((brandKey) => ({
      brandKey,
      brandName: figures.brands[brandKey]?.lastName ?? brandKey,
      ...compare((buckets) => buckets.get(brandKey) ?? emptyBucket()),
    }))
    .sort((a, b) => a.brandName.localeCompare(b.brandName));
  return { period, previousPeriod, overall: compare(overallOf), brands };
}

/** The slow-to-fund brand in `period`, without its evidence yet; null when there is none. */
export interface SlowFunding {
  readonly brandKey: string;
  readonly sentence: string;
  readonly evidenceCount: number;
  /** The months whose moves hold its evidence (its fundings in the period). */
  readonly months: readonly string[];
}

export function slowFundingFromAggregates(
  figures: MonthFigures,
  cutMoves: MonthMoves,
  period: Period,
): SlowFunding | null {
  const buckets = windowBuckets(figures, cutMoves, period);
  const averages = brandKeysInOrder(figures).flatMap((brandKey) => {
    const bucket = buckets.get(brandKey);
    const values = bucket ? valuesOf(bucket.fundingDays) : [];
    const average = mean(values);
    return average === null || !bucket ? [] : [{ brandKey, bucket, values, average }];
  });
  if (averages.length < 2) return null;
  const slowest = averages.reduce((a, b) => (b.average > a.average ? b : a));
  const others = mean(
    averages.filter((entry) => entry !== slowest).flatMap(({ values }) => values),
  ) as number;
  if (slowest.average - others < SLOW_FUNDING_MARGIN_DAYS) return null;
  const name = figures.brands[slowest.brandKey]?.firstName ?? slowest.brandKey;
  const months = Object.entries(figures.months)
    .filter(([key, brands]) => {
      const month = monthPeriod(key);
      return (
        month.to > period.from &&
        month.from < period.to &&
        (brands[slowest.brandKey]?.funded ?? 0) > 0
      );
    })
    .map(([key]) => key);
  const days = slowest.average === 1 ? 'day' : 'days';
  return {
    brandKey: slowest.brandKey,
    sentence: `${name} took ${String(slowest.average)} ${days} to fund on average, your other brands ${String(others)}.`,
    evidenceCount: slowest.bucket.funded,
    months,
  };
}

/** The slow-funding insight with its evidence: the brand's fundings in the period, in order. */
export function slowFundingInsight(
  slow: SlowFunding,
  moves: readonly FigureMove[],
  period: Period,
): Insight {
  const funded = moves
    .filter(
      (move) =>
        move.kind === 'funded' && move.brandKey === slow.brandKey && within(move.at, period),
    )
    .sort(byPlace)
    .slice(0, SHOWN_PER_LIST);
  return {
    kind: 'slow_funding',
    sentence: slow.sentence,
    evidence: funded.map((move) =>
      evidenceOf({ dealId: move.dealId, milestoneId: move.milestoneId, title: move.title ?? '' }),
    ),
    evidenceCount: slow.evidenceCount,
  };
}

/** A deal among the creator's, with its place (its slot in the read model). */
export interface PlacedDeal {
  readonly facts: DealFacts;
  readonly order: number;
}

/** Everything the figures read, computed from a creator's deals (a rebuild; the tests). */
export interface CreatorAggregates {
  readonly figures: MonthFigures;
  readonly moves: Map<string, FigureMove[]>;
  readonly open: OpenMilestone[];
}

/** The moves of `deals`, by the India month they happened in. */
export function movesByMonth(deals: readonly PlacedDeal[]): Map<string, FigureMove[]> {
  const moves = new Map<string, FigureMove[]>();
  for (const { facts, order } of deals)
    for (const move of movesOfDeal(facts, order)) {
      const key = monthKeyOf(move.at);
      const month = moves.get(key);
      if (month) month.push(move);
      else moves.set(key, [move]);
    }
  return moves;
}

export function aggregatesOf(deals: readonly PlacedDeal[]): CreatorAggregates {
  const moves = movesByMonth(deals);
  const months = Object.fromEntries([...moves].map(([key, list]) => [key, bucketsOf(list)]));
  return {
    figures: { months, brands: brandsOf(deals) },
    moves,
    open: deals.flatMap(({ facts, order }) => openMilestonesOfDeal(facts, order)),
  };
}
