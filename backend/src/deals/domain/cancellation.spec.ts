import {
  agreeCancellation,
  agreedCancellation,
  declineCancellation,
  parseCancellationReason,
  proposeCancellation,
  withdrawCancellation,
} from './cancellation.js';
import type { Deal, DealState, Milestone } from './deal.js';
import {
  CancellationAlreadyProposedError,
  CancellationNeedsAcceptedDealError,
  CancellationNotProposedError,
  CancellationWorkInReviewError,
  CancellationWrongPartyError,
  InvalidCancellationReasonError,
} from './deal.errors.js';
import { PENDING_MONEY, type MilestoneState } from './milestone.js';
import { moveMilestone } from './milestone-move.js';

const AT = new Date('2026-11-20T10:00:00Z');
const LATER = new Date('2026-11-21T10:00:00Z');
const BRAND = 'priya@glow.in';

function milestone(id: string, state: MilestoneState): Milestone {
  return {
    ...PENDING_MONEY,
    id,
    name: id,
    releaseCondition: 'Done',
    amountPaise: 100_000,
    dueDate: '2026-12-01',
    state,
  };
}

function deal(state: DealState = 'accepted', states: MilestoneState[] = ['funded']): Deal {
  return {
    id: 'd1',
    creatorId: 'asha',
    state,
    version: 1,
    revision: 4,
    title: 'Reel',
    brief: '',
    campaign: null,
    brand: {
      companyName: 'Glow',
      contactName: 'Priya',
      contactEmail: BRAND,
      contactMobile: '9876543210',
    },
    deliverables: [],
    milestones: states.map((each, index) => milestone(`m${String(index)}`, each)),
    totalPaise: 100_000 * states.length,
    approvalWindowDays: 7,
    revisionRounds: 2,
    gstApplies: false,
    gstin: null,
    createdAt: AT,
    updatedAt: AT,
    sentAt: AT,
    linkExpiresAt: null,
    history: [],
    contracts: [],
    lastError: null,
  };
}

const proposed = (by: 'creator' | 'brand' = 'creator', base = deal()) =>
  proposeCancellation(
    base,
    by,
    by === 'creator' ? 'asha' : BRAND,
    AT,
    '  The launch was called off.  ',
  );

describe('cancelling an accepted deal by agreement (contract clause 7)', () => {
  it.each(['creator', 'brand'] as const)('lets the %s propose, with a trimmed reason', (by) => {
    const next = proposed(by);
    expect(next.state).toBe('accepted');
    expect(next.revision).toBe(5);
    expect(next.cancellation).toEqual({
      by,
      actor: by === 'creator' ? 'asha' : BRAND,
      at: AT,
      reason: 'The launch was called off.',
    });
    expect(next.history.at(-1)).toMatchObject({
      by,
      from: 'accepted',
      to: 'accepted',
      note: 'The launch was called off.',
      cancellation: { action: 'propose', proposedBy: by },
    });
  });

  it.each([
    'draft',
    'sent',
    'changes_requested',
    'declined',
    'expired',
    'cancelled',
    'completed',
  ] as const)('refuses a proposal on a %s deal', (state) => {
    expect(() => proposed('creator', deal(state))).toThrow(CancellationNeedsAcceptedDealError);
  });

  it('refuses a second proposal while one is open, from either party', () => {
    const open = proposed('creator');
    expect(() => proposeCancellation(open, 'brand', BRAND, LATER, 'Me too')).toThrow(
      CancellationAlreadyProposedError,
    );
    expect(() => proposeCancellation(open, 'creator', 'asha', LATER, 'Again')).toThrow(
      CancellationAlreadyProposedError,
    );
  });

  it.each(['submitted', 'changes_requested', 'disputed'] as const)(
    'refuses a proposal while a milestone is %s (decided first)',
    (state) => {
      expect(() => proposed('brand', deal('accepted', ['funded', state]))).toThrow(
        CancellationWorkInReviewError,
      );
    },
  );

  it.each(['pending', 'funded', 'approved', 'released', 'settled', 'refunded'] as const)(
    'allows a proposal with a milestone %s',
    (state) => {
      expect(proposed('creator', deal('accepted', [state])).cancellation?.by).toBe('creator');
    },
  );

  it.each<[unknown, string]>([
    ['', 'empty'],
    ['ab', 'too short'],
    ['   ab   ', 'too short once trimmed'],
    ['x'.repeat(501), 'too long'],
    ['Called\u0000 off', 'a control character'],
    ['Called\u200b off', 'an invisible character'],
    ['Called\u202e off', 'a direction override'],
    [42, 'not text'],
  ])('refuses a reason (case %#: %s)', (reason) => {
    expect(() => parseCancellationReason(reason)).toThrow(InvalidCancellationReasonError);
    expect(() => proposeCancellation(deal(), 'creator', 'asha', AT, reason)).toThrow(
      InvalidCancellationReasonError,
    );
  });

  it('accepts a reason of 3 and of 500 characters, line breaks included', () => {
    expect(parseCancellationReason('abc')).toBe('abc');
    expect(parseCancellationReason('y'.repeat(500))).toHaveLength(500);
    expect(parseCancellationReason('Line one\nline two')).toBe('Line one\nline two');
  });

  it('lets only the proposer withdraw: the deal goes on, the move recorded', () => {
    const open = proposed('creator');
    expect(() => withdrawCancellation(open, 'brand', BRAND, LATER)).toThrow(
      CancellationWrongPartyError,
    );
    const withdrawn = withdrawCancellation(open, 'creator', 'asha', LATER);
    expect(withdrawn.state).toBe('accepted');
    expect(withdrawn.cancellation).toBeNull();
    expect(withdrawn.history.at(-1)?.cancellation).toEqual({
      action: 'withdraw',
      proposedBy: 'creator',
    });
  });

  it('lets only the other party decline: the proposal closes, the deal goes on', () => {
    const open = proposed('brand');
    expect(() => declineCancellation(open, 'brand', BRAND, LATER)).toThrow(
      CancellationWrongPartyError,
    );
    const declined = declineCancellation(open, 'creator', 'asha', LATER);
    expect(declined.state).toBe('accepted');
    expect(declined.cancellation).toBeNull();
    expect(declined.history.at(-1)).toMatchObject({
      by: 'creator',
      cancellation: { action: 'decline', proposedBy: 'brand' },
    });
    // A new proposal may follow.
    expect(proposeCancellation(declined, 'creator', 'asha', LATER, 'Now?').cancellation?.by).toBe(
      'creator',
    );
  });

  it('lets only the other party agree: the deal is cancelled, the proposal kept in history', () => {
    const open = proposed('creator', deal('accepted', ['approved', 'funded', 'pending']));
    expect(() => agreeCancellation(open, 'creator', 'asha', LATER)).toThrow(
      CancellationWrongPartyError,
    );
    const agreed = agreeCancellation(open, 'brand', BRAND, LATER);
    expect(agreed.state).toBe('cancelled');
    expect(agreed.cancellation).toBeNull();
    expect(agreed.history.at(-1)).toMatchObject({
      by: 'brand',
      actor: BRAND,
      from: 'accepted',
      to: 'cancelled',
      cancellation: { action: 'agree', proposedBy: 'creator' },
    });
    expect(agreedCancellation(agreed)).toEqual({
      proposedBy: 'creator',
      reason: 'The launch was called off.',
      agreedAt: LATER,
    });
    // The milestones are untouched here: the money moves them (refund, release).
    expect(agreed.milestones.map(({ state }) => state)).toEqual(['approved', 'funded', 'pending']);
  });

  it('refuses to agree once a milestone was delivered after the proposal', () => {
    const open = proposed('creator');
    const submitted: Deal = { ...open, milestones: [milestone('m0', 'submitted')] };
    expect(() => agreeCancellation(submitted, 'brand', BRAND, LATER)).toThrow(
      CancellationWorkInReviewError,
    );
  });

  it('answers "not proposed" to every answer when nothing is open, or once agreed', () => {
    const none = deal();
    for (const move of [withdrawCancellation, declineCancellation, agreeCancellation]) {
      expect(() => move(none, 'brand', BRAND, LATER)).toThrow(CancellationNotProposedError);
    }
    const agreed = agreeCancellation(proposed('creator'), 'brand', BRAND, LATER);
    for (const move of [withdrawCancellation, declineCancellation, agreeCancellation]) {
      expect(() => move(agreed, 'creator', 'asha', LATER)).toThrow(CancellationNotProposedError);
    }
    expect(agreedCancellation(none)).toBeUndefined();
  });
});

describe('milestones of a deal cancelled by agreement', () => {
  const cancelled = (state: MilestoneState) =>
    agreeCancellation(proposed('creator', deal('accepted', [state])), 'brand', BRAND, LATER);

  it('still releases an approved milestone and settles it (approved work stays payable)', () => {
    const released = moveMilestone(
      cancelled('approved'),
      'm0',
      'release',
      'system',
      'system',
      LATER,
    );
    expect(released.ok).toBe(true);
    if (!released.ok) return;
    expect(released.milestone.state).toBe('released');
    const settled = moveMilestone(released.deal, 'm0', 'settle', 'system', 'system', LATER);
    expect(settled.ok && settled.milestone.state).toBe('settled');
  });

  it('refunds a funded milestone', () => {
    const refunded = moveMilestone(cancelled('funded'), 'm0', 'refund', 'system', 'system', LATER);
    expect(refunded.ok && refunded.milestone.state).toBe('refunded');
  });

  it('approves, funds, submits and disputes nothing any more', () => {
    const base = cancelled('funded');
    const withSubmitted: Deal = { ...base, milestones: [milestone('m0', 'submitted')] };
    expect(moveMilestone(withSubmitted, 'm0', 'approve', 'brand', BRAND, LATER)).toEqual({
      ok: false,
      reason: 'refused',
    });
    expect(moveMilestone(withSubmitted, 'm0', 'approve', 'system', 'system', LATER).ok).toBe(false);
    expect(moveMilestone(base, 'm0', 'submit', 'creator', 'asha', LATER).ok).toBe(false);
    expect(moveMilestone(base, 'm0', 'dispute', 'brand', BRAND, LATER).ok).toBe(false);
    const pending: Deal = { ...base, milestones: [milestone('m0', 'pending')] };
    expect(moveMilestone(pending, 'm0', 'fund', 'system', 'system', LATER).ok).toBe(false);
  });
});
