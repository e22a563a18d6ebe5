/**
 * The milestones open now (#40): what each waits for (money expected, or its funding), kept per
 * creator so the insights' "due for release", "waiting for funding" and the what's-coming
 * calendar read these few, not every deal (aggregate-figures.ts keeps them beside the buckets).
 */
import type { DealFacts } from './deal-facts.js';
import type { MilestoneOrder } from './figure-moves.js';
import { DAY_MS, indiaDayKey } from './india-time.js';
import {
  dayInWords,
  type ComingDay,
  type Evidence,
  EXPECTED_SETTLEMENT_DAYS,
  type ExpectedMoney,
  type ExpectedReason,
  FUNDING_WAIT_DAYS,
  type Insight,
  rupees,
  SHOWN_PER_LIST,
} from './insights.js';

/** The insights' order: the creator's deals in their order, a deal's milestones in theirs. */
export const byPlace = (a: MilestoneOrder, b: MilestoneOrder) =>
  a.order - b.order || a.index - b.index;

export const evidenceOf = (item: Evidence): Evidence => ({
  dealId: item.dealId,
  milestoneId: item.milestoneId,
  title: item.title,
});

/** What a milestone open now is waiting for: money expected, or its funding. */
export type OpenKind = ExpectedReason | 'waiting_for_funding';

/**
 * A milestone whose money is still to come (what's coming) or to be funded (waiting): kept per
 * creator so the insights and the calendar read these few, not every deal.
 */
export interface OpenMilestone extends Evidence, MilestoneOrder {
  readonly kind: OpenKind;
  readonly amountPaise: number;
  /**
   * Expected-money kinds: when (null: now, for approved money releasing); waiting for funding:
   * the deal's acceptance.
   */
  readonly at: number | null;
}

function openKindOf(deal: DealFacts, milestone: DealFacts['milestones'][number]) {
  switch (milestone.state) {
    case 'approved':
      return { kind: 'releasing' as const, at: null };
    case 'submitted':
      return milestone.approvalDueAt === null
        ? null
        : { kind: 'approval_window_ends' as const, at: milestone.approvalDueAt };
    case 'released':
      return milestone.releasedAt === null
        ? null
        : {
            kind: 'settling' as const,
            at: milestone.releasedAt + EXPECTED_SETTLEMENT_DAYS * DAY_MS,
          };
    case 'funded':
    case 'changes_requested': {
      const due = Date.parse(`${milestone.dueDate}T00:00:00+05:30`);
      return Number.isNaN(due)
        ? null
        : { kind: 'after_delivery' as const, at: due + deal.approvalWindowDays * DAY_MS };
    }
    case 'pending':
      return deal.state === 'accepted' && deal.acceptedAt !== null
        ? { kind: 'waiting_for_funding' as const, at: deal.acceptedAt }
        : null;
    default:
      return null;
  }
}

/** The deal's milestones open now; `order` is the deal's place among the creator's. */
export function openMilestonesOfDeal(deal: DealFacts, order: number): OpenMilestone[] {
  return deal.milestones.flatMap((milestone, index) => {
    const open = openKindOf(deal, milestone);
    return open
      ? [
          {
            ...open,
            order,
            index,
            dealId: deal.dealId,
            milestoneId: milestone.id,
            title: `${deal.title}: ${milestone.name}`,
            amountPaise: milestone.amountPaise,
          },
        ]
      : [];
  });
}

const listOf = (items: readonly OpenMilestone[]) => ({
  evidence: items.slice(0, SHOWN_PER_LIST).map(evidenceOf),
  evidenceCount: items.length,
});

/** The insights about open milestones (insights.ts): due to be released, waiting for funding. */
export function openInsights(open: readonly OpenMilestone[], now: Date): Insight[] {
  const sorted = [...open].sort(byPlace);
  const insights: Insight[] = [];
  const waitingRelease = sorted.filter(({ kind }) => kind === 'approval_window_ends');
  if (waitingRelease.length > 0) {
    const total = waitingRelease.reduce((paise, { amountPaise }) => paise + amountPaise, 0);
    const last = Math.max(...waitingRelease.map(({ at }) => at as number));
    insights.push({
      kind: 'due_for_release',
      sentence: `${rupees(total)} is due to be released by ${dayInWords(last)} if nothing is disputed.`,
      ...listOf(waitingRelease),
    });
  }
  const since = now.getTime() - FUNDING_WAIT_DAYS * DAY_MS;
  const waiting = sorted.filter(
    ({ kind, at }) => kind === 'waiting_for_funding' && at !== null && at < since,
  );
  if (waiting.length > 0) {
    const count = waiting.length;
    const wait = String(FUNDING_WAIT_DAYS);
    insights.push({
      kind: 'waiting_for_funding',
      sentence:
        count === 1
          ? `1 milestone waits for funding longer than ${wait} days.`
          : `${String(count)} milestones wait for funding longer than ${wait} days.`,
      ...listOf(waiting),
    });
  }
  return insights;
}

/** What's coming (insights.ts `comingOf`) from the open milestones. */
export function comingFromOpen(open: readonly OpenMilestone[], now: Date): ComingDay[] {
  const days = new Map<string, (ExpectedMoney & MilestoneOrder)[]>();
  for (const item of open) {
    if (item.kind === 'waiting_for_funding') continue;
    const key = indiaDayKey(Math.max(item.at ?? now.getTime(), now.getTime()));
    const day = days.get(key) ?? [];
    day.push({
      ...evidenceOf(item),
      amountPaise: item.amountPaise,
      reason: item.kind,
      order: item.order,
      index: item.index,
    });
    days.set(key, day);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, items]) => ({
      date,
      amountPaise: items.reduce((total, { amountPaise }) => total + amountPaise, 0),
      items: [...items]
        .sort((a, b) => b.amountPaise - a.amountPaise || byPlace(a, b))
        .slice(0, SHOWN_PER_LIST)
        .map(({ dealId, milestoneId, title, amountPaise, reason }) => ({
          dealId,
          milestoneId,
          title,
          amountPaise,
          reason,
        })),
      itemCount: items.length,
    }));
}
