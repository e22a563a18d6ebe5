/**
 * The insights' precomputed aggregates (#40, #38): what each deal contributes to the figures, as
 * time-stamped moves, summed per India month and brand into buckets. A figure over any period is
 * then the sum of the buckets of the months inside it plus the moves of the (at most two) months
 * it cuts, so a request reads a creator's month buckets, never their deals. Durations are kept as
 * whole tenths of a day in histograms, so medians and p90s merged from buckets are exact.
 */
import type { Approver, DealFacts, MilestoneFacts } from './deal-facts.js';
import { DAY_MS, indiaDateOf, indiaDayStart, type Period } from './india-time.js';

export type MoveKind =
  | 'funded'
  | 'released'
  | 'settled'
  | 'refunded'
  | 'approved'
  | 'sent_back'
  | 'disputed'
  /** A change of the held balance: + at the funding, − when released or refunded. */
  | 'held'
  /** A change of the "releasing now" balance: + at the approval, − when released or refunded. */
  | 'releasing';

/** A milestone's place in the creator's deals: the order the facts-based figures list them in. */
export interface MilestoneOrder {
  /** The deal's position among the creator's deals (its slot in the read model). */
  readonly order: number;
  /** The milestone's index in its deal. */
  readonly index: number;
}

export interface FigureMove extends MilestoneOrder {
  readonly at: number;
  readonly kind: MoveKind;
  readonly brandKey: string;
  readonly dealId: string;
  readonly milestoneId: string;
  /** Money moved, or the balance's change. */
  readonly amountPaise: number;
  /** A speed's duration ending at this move, in whole tenths of a day (funded, released, settled). */
  readonly tenths?: number;
  readonly approver?: Approver;
  /** `<deal title>: <milestone name>` (funded moves only: the slow-funding insight's evidence). */
  readonly title?: string;
}

/** Tenths of a day → how many durations. */
export type Histogram = Record<string, number>;

/** One brand's moves in one month (or any window), summed. */
export interface Bucket {
  fundedPaise: number;
  releasedPaise: number;
  settledPaise: number;
  refundedPaise: number;
  heldPaise: number;
  releasingPaise: number;
  funded: number;
  approved: number;
  approvedBy: Record<Approver, number>;
  /** `<deal id>/<milestone id>` → rounds of changes (a milestone sent back in two months counts once). */
  rounds: Record<string, number>;
  disputed: number;
  refunded: number;
  fundingDays: Histogram;
  releaseDays: Histogram;
  settlementDays: Histogram;
}

export const emptyBucket = (): Bucket => ({
  fundedPaise: 0,
  releasedPaise: 0,
  settledPaise: 0,
  refundedPaise: 0,
  heldPaise: 0,
  releasingPaise: 0,
  funded: 0,
  approved: 0,
  approvedBy: { brand: 0, automatic: 0, admin: 0 },
  rounds: {},
  disputed: 0,
  refunded: 0,
  fundingDays: {},
  releaseDays: {},
  settlementDays: {},
});

/** Whole tenths of a day from `start` to `end`: `daysBetween` × 10, the same rounding. */
export function tenthsBetween(start: number, end: number): number {
  return Math.round(((end - start) / DAY_MS) * 10);
}

/** `YYYY-MM` of the India month `at` falls in. */
export function monthKeyOf(at: number): string {
  const { year, month } = indiaDateOf(at);
  return `${String(year)}-${String(month).padStart(2, '0')}`;
}

/** The India month `YYYY-MM` as a period. */
export function monthPeriod(key: string): Period {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return { from: indiaDayStart(year, month, 1), to: indiaDayStart(year, month + 1, 1) };
}

const laterOf = (a: number, b: number) => Math.max(a, b);

/** The first of the milestone's release or refund, when either happened. */
function closedAt(milestone: MilestoneFacts): number | null {
  const { releasedAt, refundedAt } = milestone;
  if (releasedAt === null) return refundedAt;
  return refundedAt === null ? releasedAt : Math.min(releasedAt, refundedAt);
}

function milestoneMoves(
  deal: DealFacts,
  milestone: MilestoneFacts,
  place: MilestoneOrder,
): FigureMove[] {
  const base = {
    ...place,
    brandKey: deal.brandKey,
    dealId: deal.dealId,
    milestoneId: milestone.id,
  };
  const amountPaise = milestone.amountPaise;
  const moves: FigureMove[] = [];
  const add = (at: number, kind: MoveKind, extra: Partial<FigureMove> = {}) =>
    moves.push({ ...base, at, kind, amountPaise, ...extra });
  const { fundedAt, firstSubmittedAt, approvedAt, releasedAt, settledAt, refundedAt } = milestone;
  const closed = closedAt(milestone);
  if (fundedAt !== null) {
    add(fundedAt, 'funded', {
      title: `${deal.title}: ${milestone.name}`,
      ...(deal.acceptedAt !== null && { tenths: tenthsBetween(deal.acceptedAt, fundedAt) }),
    });
    add(fundedAt, 'held');
    if (closed !== null) add(laterOf(fundedAt, closed), 'held', { amountPaise: -amountPaise });
  }
  if (releasedAt !== null)
    add(releasedAt, 'released', {
      ...(firstSubmittedAt !== null && { tenths: tenthsBetween(firstSubmittedAt, releasedAt) }),
    });
  if (settledAt !== null)
    add(settledAt, 'settled', {
      ...(releasedAt !== null && { tenths: tenthsBetween(releasedAt, settledAt) }),
    });
  if (refundedAt !== null) add(refundedAt, 'refunded');
  if (approvedAt !== null) {
    add(approvedAt, 'approved', milestone.approvedBy ? { approver: milestone.approvedBy } : {});
    add(approvedAt, 'releasing');
    if (closed !== null)
      add(laterOf(approvedAt, closed), 'releasing', { amountPaise: -amountPaise });
  }
  for (const at of milestone.changeRequests) add(at, 'sent_back');
  if (milestone.disputedAt !== null) add(milestone.disputedAt, 'disputed');
  return moves;
}

/** Every move of a deal that counts in a figure; `order` is the deal's place among the creator's. */
export function movesOfDeal(deal: DealFacts, order: number): FigureMove[] {
  return deal.milestones.flatMap((milestone, index) =>
    milestoneMoves(deal, milestone, { order, index }),
  );
}

function addTo(histogram: Histogram, tenths: number, count = 1): void {
  const key = String(tenths);
  histogram[key] = (histogram[key] ?? 0) + count;
}

/** Adds one move to a bucket. */
export function addMove(bucket: Bucket, move: FigureMove): void {
  const amount = move.amountPaise;
  switch (move.kind) {
    case 'funded':
      bucket.fundedPaise += amount;
      bucket.funded += 1;
      if (move.tenths !== undefined) addTo(bucket.fundingDays, move.tenths);
      return;
    case 'released':
      bucket.releasedPaise += amount;
      if (move.tenths !== undefined) addTo(bucket.releaseDays, move.tenths);
      return;
    case 'settled':
      bucket.settledPaise += amount;
      if (move.tenths !== undefined) addTo(bucket.settlementDays, move.tenths);
      return;
    case 'refunded':
      bucket.refundedPaise += amount;
      bucket.refunded += 1;
      return;
    case 'approved':
      bucket.approved += 1;
      if (move.approver) bucket.approvedBy[move.approver] += 1;
      return;
    case 'sent_back':
      {
        const key = `${move.dealId}/${move.milestoneId}`;
        bucket.rounds[key] = (bucket.rounds[key] ?? 0) + 1;
        return;
      }
      return;
    case 'disputed':
      bucket.disputed += 1;
      return;
    case 'held':
      bucket.heldPaise += amount;
      return;
    case 'releasing':
      bucket.releasingPaise += amount;
  }
}

function mergeCounts(into: Record<string, number>, from: Readonly<Record<string, number>>): void {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
}

/** Adds `from` into `into`. */
export function mergeBucket(into: Bucket, from: Bucket): void {
  into.fundedPaise += from.fundedPaise;
  into.releasedPaise += from.releasedPaise;
  into.settledPaise += from.settledPaise;
  into.refundedPaise += from.refundedPaise;
  into.heldPaise += from.heldPaise;
  into.releasingPaise += from.releasingPaise;
  into.funded += from.funded;
  into.approved += from.approved;
  mergeCounts(into.approvedBy, from.approvedBy);
  mergeCounts(into.rounds, from.rounds);
  into.disputed += from.disputed;
  into.refunded += from.refunded;
  mergeCounts(into.fundingDays, from.fundingDays);
  mergeCounts(into.releaseDays, from.releaseDays);
  mergeCounts(into.settlementDays, from.settlementDays);
}

/** A month's moves, summed per brand. */
export function bucketsOf(moves: readonly FigureMove[]): Record<string, Bucket> {
  const buckets: Record<string, Bucket> = {};
  for (const move of moves) addMove((buckets[move.brandKey] ??= emptyBucket()), move);
  return buckets;
}

/** The sorted durations a histogram holds, in days (tenths / 10: `daysBetween`'s values). */
export function valuesOf(histogram: Histogram): number[] {
  return Object.entries(histogram)
    .map(([tenths, count]) => ({ tenths: Number(tenths), count }))
    .sort((a, b) => a.tenths - b.tenths)
    .flatMap(({ tenths, count }) => Array.from({ length: count }, () => tenths / 10));
}
