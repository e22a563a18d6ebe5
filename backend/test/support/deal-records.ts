import type { Deal, Milestone } from '../../src/deals/domain/deal.js';
import { PENDING_MONEY } from '../../src/deals/domain/milestone.js';

/** A milestone as the tests' deals hold it: pending, ₹1,000, due on 1 January 2027. */
export function milestoneRecord(overrides: Partial<Milestone> & Pick<Milestone, 'id'>): Milestone {
  return {
    ...PENDING_MONEY,
    name: `Milestone ${overrides.id}`,
    releaseCondition: 'Live',
    amountPaise: 100_000,
    dueDate: '2027-01-01',
    ...overrides,
  };
}

/**
 * An accepted deal of Glow (Priya) with the creator, as stored: the milestones given (their total
 * is the deal's), sent and accepted at `now`, no history.
 */
export function acceptedDealRecord(
  now: Date,
  overrides: Partial<Deal> & Pick<Deal, 'id' | 'creatorId' | 'milestones'>,
): Deal {
  return {
    state: 'accepted',
    version: 1,
    revision: 0,
    title: 'Deal',
    brief: '',
    campaign: null,
    brand: {
      companyName: 'Glow',
      contactName: 'Priya',
      contactEmail: 'priya@glow.in',
      contactMobile: '9876543210',
    },
    deliverables: [],
    totalPaise: overrides.milestones.reduce((sum, { amountPaise }) => sum + amountPaise, 0),
    approvalWindowDays: 7,
    revisionRounds: 2,
    gstApplies: false,
    gstin: null,
    createdAt: now,
    updatedAt: now,
    sentAt: now,
    linkExpiresAt: null,
    history: [],
    contracts: [],
    lastError: null,
    ...overrides,
  };
}
