/**
 * Insights (#40): plain sentences computed from the same facts as the figures, each with its
 * evidence (the deals and milestones it is about), and the "what's coming" calendar.
 */
import { formatRupees } from '../../deals/deals.contract.js';
import type { DealFacts } from './deal-facts.js';
import { byBrand, fundingDays, type Located, milestonesOf } from './figures.js';
import { DAY_MS, indiaDateOf, indiaDayKey, type Period, within } from './india-time.js';
import { mean } from './statistics.js';

export interface Evidence {
  readonly dealId: string;
  readonly milestoneId: string | null;
  readonly title: string;
}

export type InsightKind = 'slow_funding' | 'due_for_release' | 'waiting_for_funding';

export interface Insight {
  readonly kind: InsightKind;
  readonly sentence: string;
  /** The first SHOWN_PER_LIST of the milestones it is about (`evidenceCount` says how many). */
  readonly evidence: readonly Evidence[];
  readonly evidenceCount: number;
}

/**
 * An insight's evidence and a day of what's coming list at most this many milestones, with the
 * count of all: the page costs what it shows, not the creator's whole history (#40, #38).
 */
export const SHOWN_PER_LIST = 20;

/** A brand is "slow to fund" when its average is at least this many days over the others'. */
export const SLOW_FUNDING_MARGIN_DAYS = 3;
/** Accepted this long ago and still not funded: the milestone "waits for funding". */
export const FUNDING_WAIT_DAYS = 7;
/** Until the gateway says otherwise, a release is expected in the bank this many days later. */
export const EXPECTED_SETTLEMENT_DAYS = 2;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "5 December" (India time). */
export function dayInWords(at: number): string {
  const { month, day } = indiaDateOf(at);
  return `${String(day)} ${MONTHS[month - 1] ?? ''}`;
}

/** "₹1,20,000" (paise shown only when there are any). */
export function rupees(paise: number): string {
  return formatRupees(paise).replace(/\.00$/, '');
}

const evidenceOf = ({ deal, milestone }: Located): Evidence => ({
  dealId: deal.dealId,
  milestoneId: milestone.id,
  title: `${deal.title}: ${milestone.name}`,
});

const evidenceListOf = (items: readonly Located[]) => ({
  evidence: items.slice(0, SHOWN_PER_LIST).map(evidenceOf),
  evidenceCount: items.length,
});

const days = (value: number) => `${String(value)} ${value === 1 ? 'day' : 'days'}`;

function slowFunding(deals: readonly DealFacts[], period: Period): Insight | null {
  const averages = [...byBrand(deals).values()].flatMap((group) => {
    const items = milestonesOf(group).filter(({ milestone }) => within(milestone.fundedAt, period));
    const average = mean(fundingDays(items, period));
    return average === null ? [] : [{ group, items, average }];
  });
  if (averages.length < 2) return null;
  const slowest = averages.reduce((a, b) => (b.average > a.average ? b : a));
  const others = mean(
    averages
      .filter((entry) => entry !== slowest)
      .flatMap(({ items }) => fundingDays(items, period)),
  ) as number;
  if (slowest.average - others < SLOW_FUNDING_MARGIN_DAYS) return null;
  const name = (slowest.group[0] as DealFacts).brandName;
  return {
    kind: 'slow_funding',
    sentence: `${name} took ${days(slowest.average)} to fund on average, your other brands ${String(others)}.`,
    ...evidenceListOf(slowest.items),
  };
}

function dueForRelease(deals: readonly DealFacts[]): Insight | null {
  const waiting = milestonesOf(deals).filter(
    ({ milestone }) => milestone.state === 'submitted' && milestone.approvalDueAt !== null,
  );
  if (waiting.length === 0) return null;
  const total = waiting.reduce((paise, { milestone }) => paise + milestone.amountPaise, 0);
  const last = Math.max(...waiting.map(({ milestone }) => milestone.approvalDueAt as number));
  return {
    kind: 'due_for_release',
    sentence: `${rupees(total)} is due to be released by ${dayInWords(last)} if nothing is disputed.`,
    ...evidenceListOf(waiting),
  };
}

function waitingForFunding(deals: readonly DealFacts[], now: Date): Insight | null {
  const since = now.getTime() - FUNDING_WAIT_DAYS * DAY_MS;
  const waiting = milestonesOf(deals).filter(
    ({ deal, milestone }) =>
      deal.state === 'accepted' &&
      milestone.state === 'pending' &&
      deal.acceptedAt !== null &&
      deal.acceptedAt < since,
  );
  if (waiting.length === 0) return null;
  const count = waiting.length;
  return {
    kind: 'waiting_for_funding',
    sentence:
      count === 1
        ? `1 milestone waits for funding longer than ${String(FUNDING_WAIT_DAYS)} days.`
        : `${String(count)} milestones wait for funding longer than ${String(FUNDING_WAIT_DAYS)} days.`,
    ...evidenceListOf(waiting),
  };
}

export function insightsOf(deals: readonly DealFacts[], period: Period, now: Date): Insight[] {
  return [slowFunding(deals, period), dueForRelease(deals), waitingForFunding(deals, now)].filter(
    (insight): insight is Insight => insight !== null,
  );
}

export type ExpectedReason = 'releasing' | 'approval_window_ends' | 'settling' | 'after_delivery';

export interface ExpectedMoney extends Evidence {
  readonly amountPaise: number;
  readonly reason: ExpectedReason;
}

export interface ComingDay {
  /** The India day, YYYY-MM-DD. */
  readonly date: string;
  readonly amountPaise: number;
  /** The day's first SHOWN_PER_LIST milestones (`itemCount` says how many), largest first. */
  readonly items: readonly ExpectedMoney[];
  readonly itemCount: number;
}

/** When a milestone's money is expected in the creator's hands, and why; null if not known. */
function expectedAt(
  { deal, milestone }: Located,
  now: number,
): { at: number; reason: ExpectedReason } | null {
  const notBefore = (at: number) => Math.max(at, now);
  switch (milestone.state) {
    case 'approved':
      return { at: now, reason: 'releasing' };
    case 'submitted':
      return milestone.approvalDueAt === null
        ? null
        : { at: notBefore(milestone.approvalDueAt), reason: 'approval_window_ends' };
    case 'released':
      return milestone.releasedAt === null
        ? null
        : {
            at: notBefore(milestone.releasedAt + EXPECTED_SETTLEMENT_DAYS * DAY_MS),
            reason: 'settling',
          };
    case 'funded':
    case 'changes_requested': {
      const due = Date.parse(`${milestone.dueDate}T00:00:00+05:30`);
      return Number.isNaN(due)
        ? null
        : { at: notBefore(due + deal.approvalWindowDays * DAY_MS), reason: 'after_delivery' };
    }
    default:
      return null;
  }
}

/** The money expected, by India day, from today on: what's coming. */
export function comingOf(deals: readonly DealFacts[], now: Date): ComingDay[] {
  const days = new Map<string, ExpectedMoney[]>();
  for (const item of milestonesOf(deals)) {
    const expected = expectedAt(item, now.getTime());
    if (!expected) continue;
    const key = indiaDayKey(expected.at);
    const day = days.get(key) ?? [];
    day.push({
      ...evidenceOf(item),
      amountPaise: item.milestone.amountPaise,
      reason: expected.reason,
    });
    days.set(key, day);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, items]) => ({
      date,
      amountPaise: items.reduce((total, { amountPaise }) => total + amountPaise, 0),
      items: [...items].sort((a, b) => b.amountPaise - a.amountPaise).slice(0, SHOWN_PER_LIST),
      itemCount: items.length,
    }));
}
