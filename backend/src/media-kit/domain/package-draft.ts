import { DEAL_LIMITS, type DealTermsInput } from '../../deals/deals.contract.js';
import type { RatePackage } from './rate-package.js';

const DAY_MS = 86_400_000;

/** What a brand's request adds to a package: who they are, the brief and when work may start. */
export interface DraftBrand {
  readonly companyName: string;
  readonly contactName: string;
  readonly contactEmail: string;
  readonly contactMobile: string;
}

export interface PackageRequestTerms {
  readonly brand: DraftBrand;
  readonly brief: string;
  /** The first day of work the brand asked for (YYYY-MM-DD); today if it has passed. */
  readonly startDate: string;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function milestoneName(index: number, parts: number): string {
  if (parts === 1 || index === parts - 1) return 'On delivery';
  return index === 0 ? 'Advance' : `Milestone ${String(index + 1)}`;
}

function releaseCondition(index: number, parts: number): string {
  if (parts === 1 || index === parts - 1) return 'The deliverables are published and approved';
  return index === 0 ? 'The contract is signed' : 'The work so far is approved';
}

/**
 * The split's amounts in whole paise: each part rounded down, the last takes the remainder so
 * the milestones add up to the price exactly.
 */
export function splitPaise(totalPaise: number, split: readonly number[]): number[] {
  const leading = split.slice(0, -1).map((part) => Math.floor((totalPaise * part) / 100));
  return [...leading, totalPaise - leading.reduce((sum, amount) => sum + amount, 0)];
}

/**
 * A deal draft prefilled from a package and a brand's request: one deliverable (the package's
 * platform, kind, quantity and usage), due after the turnaround; the price (a "from" price as
 * its starting point) split into milestones as the package suggests — an advance due at the
 * start, the last on delivery. The creator edits it before sending.
 */
export function dealDraftFromPackage(
  item: RatePackage,
  request: PackageRequestTerms,
  today: string,
): DealTermsInput {
  const start = request.startDate > today ? request.startDate : today;
  const delivery = addDays(start, item.turnaroundDays);
  const parts = item.milestoneSplit.length;
  const amounts = splitPaise(item.pricePaise, item.milestoneSplit);
  return {
    title: Array.from(`${item.title} for ${request.brand.companyName}`)
      .slice(0, DEAL_LIMITS.title)
      .join(''),
    brief: request.brief,
    brand: request.brand,
    deliverables: [
      {
        platform: item.platform,
        kind: item.kind,
        quantity: item.quantity,
        dueDate: delivery,
        usageRights: item.usageRights,
        usagePeriodDays: item.usagePeriodDays,
      },
    ],
    milestones: amounts.map((amountPaise, index) => ({
      name: milestoneName(index, parts),
      releaseCondition: releaseCondition(index, parts),
      amountPaise,
      dueDate:
        parts === 1
          ? delivery
          : addDays(start, Math.ceil((item.turnaroundDays * index) / (parts - 1))),
    })),
    totalPaise: item.pricePaise,
  };
}
