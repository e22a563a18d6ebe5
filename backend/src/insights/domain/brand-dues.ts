/**
 * The brand's mirror (#40, item 4): what it owes and when — milestones of accepted deals it has
 * still to fund, submitted work awaiting its approval with the date it is approved automatically —
 * and what it has paid each creator (released to them).
 */
import type { DealFacts } from './deal-facts.js';
import { milestonesOf } from './figures.js';

export interface BrandDue {
  readonly dealId: string;
  readonly milestoneId: string;
  readonly title: string;
  readonly amountPaise: number;
  /** Funding due now; approval due by `autoApprovesAt`. */
  readonly kind: 'funding' | 'approval';
  readonly autoApprovesAt: number | null;
}

export interface PaidToCreator {
  readonly creatorId: string;
  readonly creatorName: string;
  readonly paidPaise: number;
  readonly milestones: number;
}

export interface BrandDues {
  readonly fundingDuePaise: number;
  readonly approvalsDuePaise: number;
  readonly dues: readonly BrandDue[];
  readonly paid: readonly PaidToCreator[];
}

export function brandDuesOf(deals: readonly DealFacts[]): BrandDues {
  const dues: BrandDue[] = [];
  const paid = new Map<string, PaidToCreator>();
  for (const { deal, milestone } of milestonesOf(deals)) {
    const base = {
      dealId: deal.dealId,
      milestoneId: milestone.id,
      title: `${deal.title}: ${milestone.name}`,
      amountPaise: milestone.amountPaise,
    };
    if (deal.state === 'accepted' && milestone.state === 'pending')
      dues.push({ ...base, kind: 'funding', autoApprovesAt: null });
    if (milestone.state === 'submitted')
      dues.push({ ...base, kind: 'approval', autoApprovesAt: milestone.approvalDueAt });
    if (milestone.releasedAt !== null) {
      const known = paid.get(deal.creatorId) ?? {
        creatorId: deal.creatorId,
        creatorName: deal.creatorName,
        paidPaise: 0,
        milestones: 0,
      };
      paid.set(deal.creatorId, {
        ...known,
        paidPaise: known.paidPaise + milestone.amountPaise,
        milestones: known.milestones + 1,
      });
    }
  }
  const total = (kind: BrandDue['kind']) =>
    dues.filter((due) => due.kind === kind).reduce((sum, due) => sum + due.amountPaise, 0);
  return {
    fundingDuePaise: total('funding'),
    approvalsDuePaise: total('approval'),
    dues: dues.sort((a, b) => (a.autoApprovesAt ?? 0) - (b.autoApprovesAt ?? 0)),
    paid: [...paid.values()],
  };
}
