/**
 * A creator's track record on Paylock (#42), as counts only — no amounts, no brand names — from
 * the facts the insights keep of each deal (its history, and the money moves the ledger records):
 *
 * - **deals completed**: deals in the state `completed`;
 * - **milestones delivered** and **delivered on time**: a milestone is delivered once the creator
 *   first submitted its work; it is on time when that first submission happened on or before its
 *   due date, India time (before 00:00 IST of the day after). Rounds of changes the brand asked
 *   for do not make it late; a milestone never submitted is not counted either way;
 * - **payments received**: milestones whose money Paylock released to the creator (the `released`
 *   move, which writes a `released` transaction to the ledger).
 */
import type { DealFacts, MilestoneFacts } from './deal-facts.js';
import { DAY_MS, IST_OFFSET_MS } from './india-time.js';

export interface TrackRecord {
  readonly dealsCompleted: number;
  readonly milestonesDelivered: number;
  readonly milestonesOnTime: number;
  readonly paymentsReceived: number;
}

export const EMPTY_TRACK_RECORD: TrackRecord = {
  dealsCompleted: 0,
  milestonesDelivered: 0,
  milestonesOnTime: 0,
  paymentsReceived: 0,
};

/** The first moment after `dueDate` (YYYY-MM-DD) in India; NaN for a malformed date. */
function endOfDueDay(dueDate: string): number {
  return Date.parse(`${dueDate}T00:00:00Z`) - IST_OFFSET_MS + DAY_MS;
}

/** Whether the milestone's first submission came on or before its due date (India time). */
export function deliveredOnTime(milestone: MilestoneFacts): boolean {
  if (milestone.firstSubmittedAt === null) return false;
  return milestone.firstSubmittedAt < endOfDueDay(milestone.dueDate);
}

/** What one deal adds to its creator's track record. */
export function trackRecordOfDeal(deal: DealFacts): TrackRecord {
  const delivered = deal.milestones.filter((milestone) => milestone.firstSubmittedAt !== null);
  return {
    dealsCompleted: deal.state === 'completed' ? 1 : 0,
    milestonesDelivered: delivered.length,
    milestonesOnTime: delivered.filter(deliveredOnTime).length,
    paymentsReceived: deal.milestones.filter((milestone) => milestone.releasedAt !== null).length,
  };
}

function combine(a: TrackRecord, b: TrackRecord, sign: 1 | -1): TrackRecord {
  return {
    dealsCompleted: a.dealsCompleted + sign * b.dealsCompleted,
    milestonesDelivered: a.milestonesDelivered + sign * b.milestonesDelivered,
    milestonesOnTime: a.milestonesOnTime + sign * b.milestonesOnTime,
    paymentsReceived: a.paymentsReceived + sign * b.paymentsReceived,
  };
}

/** The record of every deal given. */
export function trackRecordOf(deals: readonly DealFacts[]): TrackRecord {
  return deals.reduce(
    (record, deal) => combine(record, trackRecordOfDeal(deal), 1),
    EMPTY_TRACK_RECORD,
  );
}

/** The record once a deal's newer facts replace its older ones (none: a deal new to it). */
export function withDealRevised(
  record: TrackRecord,
  next: DealFacts,
  before: DealFacts | null | undefined,
): TrackRecord {
  const added = combine(record, trackRecordOfDeal(next), 1);
  return before ? combine(added, trackRecordOfDeal(before), -1) : added;
}

/** The share of delivered milestones delivered on time, in whole percent; null with none. */
export function onTimePercent(record: TrackRecord): number | null {
  if (record.milestonesDelivered === 0) return null;
  return Math.floor((record.milestonesOnTime / record.milestonesDelivered) * 100);
}
