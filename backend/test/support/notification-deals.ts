import type {
  Deal,
  HistoryEntry,
  Milestone,
  MilestoneState,
} from '../../src/deals/deals.contract.js';

export const AT = new Date('2026-11-20T04:30:00Z'); // 10:00 IST

export function milestone(id: string, state: MilestoneState, dueDate = '2026-12-01'): Milestone {
  return {
    id,
    name: `Milestone ${id}`,
    releaseCondition: 'Done',
    amountPaise: 2_500_000,
    dueDate,
    state,
    fundedAt: null,
    submission: null,
    revisionsUsed: 0,
    approvalDueAt: null,
    approvedAt: null,
    releasedAt: null,
    settledAt: null,
    refundedAt: null,
    dispute: null,
    funding: null,
  };
}

export function dealWith(
  milestones: Milestone[],
  history: HistoryEntry[] = [],
  state: Deal['state'] = 'accepted',
): Deal {
  return {
    id: 'd1',
    creatorId: 'asha',
    state,
    version: 1,
    revision: 4,
    title: 'Diwali reel',
    brief: '',
    campaign: null,
    brand: {
      companyName: 'Glow Naturals',
      contactName: 'Priya',
      contactEmail: 'priya@glow.in',
      contactMobile: '9876543210',
    },
    deliverables: [],
    milestones,
    totalPaise: 2_500_000 * milestones.length,
    approvalWindowDays: 7,
    revisionRounds: 2,
    gstApplies: false,
    gstin: null,
    createdAt: AT,
    updatedAt: AT,
    sentAt: AT,
    linkExpiresAt: null,
    history,
    contracts: [],
    lastError: null,
  };
}

export function accepted(at = AT): HistoryEntry {
  return {
    at,
    by: 'brand',
    actor: 'email:priya@glow.in',
    from: 'sent',
    to: 'accepted',
    version: 1,
  };
}

export function moved(
  id: string,
  action: NonNullable<HistoryEntry['milestone']>['action'],
  from: MilestoneState,
  to: MilestoneState,
  by: HistoryEntry['by'] = 'system',
  at = AT,
): HistoryEntry {
  return {
    at,
    by,
    actor: by,
    from: 'accepted',
    to: 'accepted',
    version: 1,
    milestone: { id, action, from, to },
  };
}
