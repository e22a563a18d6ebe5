/**
 * A milestone's money state machine (#26, ADR 0043). Plain TypeScript: the server alone moves a
 * milestone, each move claim-once (the deal's claim) and recorded in the deal's history.
 *
 * pending → funded (the brand paid; the transfer to the creator exists, on hold)
 *         → submitted (the creator delivered) → approved (the brand, or the approval window ran out)
 *         → released (the hold lifted) → settled (the gateway settled it to the creator's bank).
 * submitted → changes_requested → submitted, at most the deal's revision rounds.
 * funded | submitted | changes_requested → disputed, frozen until an admin decides:
 * release (→ approved → released) or refund (→ refunded).
 * funded (the deal cancelled) → refunded.
 */

export const MILESTONE_STATES = [
  'pending',
  'funded',
  'submitted',
  'changes_requested',
  'approved',
  'released',
  'settled',
  'disputed',
  'refunded',
] as const;
export type MilestoneState = (typeof MILESTONE_STATES)[number];

export const MILESTONE_ACTIONS = [
  'fund',
  'submit',
  'approve',
  'request_changes',
  'dispute',
  'resolve_release',
  'resolve_refund',
  'release',
  'settle',
  'refund',
] as const;
export type MilestoneAction = (typeof MILESTONE_ACTIONS)[number];

export type MilestoneActor = 'creator' | 'brand' | 'system' | 'admin';

interface MilestoneRule {
  readonly from: readonly MilestoneState[];
  readonly to: MilestoneState;
  readonly by: readonly MilestoneActor[];
}

/** Every move a milestone may make, and who may make it. Anything not listed is refused. */
export const MILESTONE_TRANSITIONS: Readonly<Record<MilestoneAction, MilestoneRule>> = {
  fund: { from: ['pending'], to: 'funded', by: ['system'] },
  submit: { from: ['funded', 'changes_requested'], to: 'submitted', by: ['creator'] },
  // The brand approves; the system approves once the approval window ran out.
  approve: { from: ['submitted'], to: 'approved', by: ['brand', 'system'] },
  request_changes: { from: ['submitted'], to: 'changes_requested', by: ['brand'] },
  dispute: {
    from: ['funded', 'submitted', 'changes_requested'],
    to: 'disputed',
    by: ['creator', 'brand'],
  },
  resolve_release: { from: ['disputed'], to: 'approved', by: ['admin'] },
  // The decision is recorded; the milestone stays frozen until the refund is done.
  resolve_refund: { from: ['disputed'], to: 'disputed', by: ['admin'] },
  release: { from: ['approved'], to: 'released', by: ['system'] },
  settle: { from: ['released'], to: 'settled', by: ['system'] },
  refund: { from: ['funded', 'disputed'], to: 'refunded', by: ['system'] },
};

/** The state `action` by `by` leads to from `state`, or undefined when it is refused. */
export function milestoneNextState(
  state: MilestoneState,
  action: MilestoneAction,
  by: MilestoneActor,
): MilestoneState | undefined {
  const rule = MILESTONE_TRANSITIONS[action];
  return rule.by.includes(by) && rule.from.includes(state) ? rule.to : undefined;
}

/** What the creator delivered: links to the posts and a note. */
export interface MilestoneSubmission {
  readonly links: readonly string[];
  readonly note: string;
  readonly at: Date;
}

export interface DisputeResolution {
  readonly decision: 'release' | 'refund';
  readonly note: string;
  readonly at: Date;
  /** The admin's account id. */
  readonly by: string;
}

export interface MilestoneDispute {
  /** Unique: the admin screens address a dispute by it. */
  readonly id: string;
  readonly openedBy: 'creator' | 'brand';
  readonly reason: string;
  readonly at: Date;
  /** The state the milestone was frozen in. */
  readonly frozenFrom: MilestoneState;
  readonly resolution: DisputeResolution | null;
}

/** The gateway's side of a milestone's money: what was asked of it, and what it answered. */
export interface MilestoneFunding {
  /** The funding attempt (1, 2, …): a new order per attempt, each with its idempotency key. */
  readonly attempt: number;
  readonly orderId: string;
  readonly paymentId: string | null;
  readonly transferId: string | null;
  /** Paylock's fee in this milestone (PAYLOCK_FEE_BASIS_POINTS when funded); kept at release. */
  readonly feePaise: number;
}

/** The money fields every milestone carries (all null / 0 for a milestone still `pending`). */
export interface MilestoneMoney {
  readonly state: MilestoneState;
  readonly fundedAt: Date | null;
  readonly submission: MilestoneSubmission | null;
  readonly revisionsUsed: number;
  readonly approvalDueAt: Date | null;
  readonly approvedAt: Date | null;
  readonly releasedAt: Date | null;
  readonly settledAt: Date | null;
  readonly refundedAt: Date | null;
  readonly dispute: MilestoneDispute | null;
  readonly funding: MilestoneFunding | null;
}

export const PENDING_MONEY: MilestoneMoney = {
  state: 'pending',
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

/** Paylock's fee in `amountPaise` at `basisPoints` (1/100 of a percent), rounded down to a paisa. */
export function feeOf(amountPaise: number, basisPoints: number): number {
  return Math.floor((amountPaise * basisPoints) / 10_000);
}
