/**
 * The kit's words shared by the public page and the PDF: the platforms' names, prices, the
 * audience figures' source and the track record's lines (counts only).
 */
import { formatRupees, type Platform } from '../../deals/deals.contract.js';
import { onTimePercent, type TrackRecord } from '../../insights/insights.contract.js';
import type { AudienceFigures } from './media-kit.js';
import type { RatePackage } from './rate-package.js';

const PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
  instagram: 'Instagram',
  youtube: 'YouTube',
  other: 'Other',
};

export function platformName(platform: Platform): string {
  return PLATFORM_NAMES[platform];
}

/** "from ₹25,000.00" or "₹25,000.00": rupees in Indian grouping. */
export function priceText(item: RatePackage): string {
  return `${item.priceIsFrom ? 'from ' : ''}${formatRupees(item.pricePaise)}`;
}

/** "self-reported on 2026-11-27", or "verified". */
export function audienceSourceText(audience: AudienceFigures): string {
  return audience.source === 'verified'
    ? 'verified'
    : `self-reported on ${audience.asOf.toISOString().slice(0, 10)}`;
}

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;

/** The track record's three lines. */
export function trackRecordLines(record: TrackRecord): string[] {
  const percent = onTimePercent(record);
  return [
    `${counted(record.dealsCompleted, 'deal', 'deals')} completed through Paylock`,
    percent === null
      ? 'No milestone delivered through Paylock yet'
      : `${String(percent)}% of milestones delivered on time (${record.milestonesOnTime.toLocaleString('en-IN')} of ${counted(record.milestonesDelivered, 'milestone', 'milestones')})`,
    `${counted(record.paymentsReceived, 'payment', 'payments')} received via Paylock`,
  ];
}

export const TRACK_RECORD_NOTE =
  'Counted by Paylock from the deals signed and paid through it. On time: first delivered on or before the milestone’s due date (India time).';
