/**
 * A milestone's money lifecycle (#26, ADR 0043; #37): every rule of every move in one table —
 * from which states, in which deal states, by whom, on what further condition, and what money it
 * moves. Plain TypeScript: the server alone moves a milestone, each move claim-once (the deal's
 * claim) and recorded in the deal's history; the payments engine only dispatches from here.
 *
 * pending → funded (the brand paid; the transfer to the creator exists, on hold)
 *         → submitted (the creator delivered) → approved (the brand, or the approval window ran out)
 *         → released (the hold lifted) → settled (the gateway settled it to the creator's bank).
 * submitted → changes_requested → submitted, at most the deal's revision rounds.
 * funded | submitted | changes_requested → disputed, frozen until an admin decides (the other
 * side may answer the dispute once before that, in a note the admin reads):
 * release (→ approved → released) or refund (stays disputed with the decision recorded: a
 * "decided refund", the refund's written precondition → refunded).
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
  'answer_dispute',
  'resolve_release',
  'resolve_refund',
  'release',
  'settle',
  'refund',
] as const;
export type MilestoneAction = (typeof MILESTONE_ACTIONS)[number];

export type MilestoneActor = 'creator' | 'brand' | 'system' | 'admin';

/** The deal states in which a milestone's money moves (each one a deal state of deal.ts). */
export const MONEY_DEAL_STATES = ['accepted', 'completed', 'cancelled'] as const;
export type MoneyDealState = (typeof MONEY_DEAL_STATES)[number];

/** The ledger transaction a move records (the ledger's kinds of a milestone's money). */
export type MoneyLedgerKind = 'funded' | 'released' | 'settled' | 'refunded';

/**
 * What a move asks of the gateway: the checkout's order with the creator's transfer on hold, the
 * hold lifted, the transfer's settlement read, or the transfer reversed and the payment refunded.
 */
export type GatewayCall =
  'order_with_held_transfer' | 'release_transfer' | 'read_settlement' | 'reverse_and_refund';

/** The milestone's time a move stamps. */
export type MoveStamp = 'fundedAt' | 'approvedAt' | 'releasedAt' | 'settledAt' | 'refundedAt';

/** A move's money: the ledger transaction and the gateway call, each made once per milestone. */
export interface MoneyEffect {
  readonly ledger: MoneyLedgerKind;
  readonly gateway: GatewayCall;
}

/** What a rule reads of the deal (a Deal, structurally: deal.ts builds on this file). */
export interface MoveDeal {
  readonly state: string;
  readonly revisionRounds: number;
  /** The open proposal to cancel the deal, if any. */
  readonly cancellation?: unknown;
}

/** What a rule reads of the milestone. */
export type MoveMilestone = Pick<MilestoneMoney, 'state' | 'revisionsUsed' | 'dispute'>;

/**
 * The written conditions a move may need beyond its from-state, deal state and actor (`by`):
 * - answer_open: the dispute is undecided and unanswered, and `by` is the side that did not open
 *   it (a side does not answer its own dispute);
 * - refund_due: a decided refund (disputed, the admin decided "refund") or a funded milestone of
 *   a cancelled deal — the only milestones whose money goes back to the brand;
 * - round_left: the brand still has a revision round (revisions used < the deal's rounds);
 * - cancellation_open: a proposal to cancel the accepted deal is open (its agreement, which
 *   writes the refunds first, may be on its way).
 */
export const MOVE_CONDITIONS = {
  answer_open: (_deal: MoveDeal, milestone: MoveMilestone, by: MilestoneActor) =>
    milestone.dispute !== null &&
    milestone.dispute.resolution === null &&
    milestone.dispute.answer === null &&
    milestone.dispute.openedBy !== by,
  refund_due: (deal: MoveDeal, milestone: MoveMilestone) =>
    (milestone.state === 'disputed' && milestone.dispute?.resolution?.decision === 'refund') ||
    (milestone.state === 'funded' && deal.state === 'cancelled'),
  round_left: (deal: MoveDeal, milestone: MoveMilestone) =>
    milestone.revisionsUsed < deal.revisionRounds,
  cancellation_open: (deal: MoveDeal, milestone: MoveMilestone) =>
    milestone.state === 'funded' && deal.state === 'accepted' && Boolean(deal.cancellation),
} as const;
export type MoveCondition = keyof typeof MOVE_CONDITIONS;

export interface MilestoneRule {
  readonly from: readonly MilestoneState[];
  readonly to: MilestoneState;
  readonly by: readonly MilestoneActor[];
  /** The deal states the move needs. */
  readonly dealStates: readonly MoneyDealState[];
  /** A further written condition (see MOVE_CONDITIONS). */
  readonly requires?: MoveCondition;
  /** The money it moves; null for a move of the work or of the decision alone. */
  readonly money: MoneyEffect | null;
  /** The milestone's time it stamps. */
  readonly stamps?: MoveStamp;
  /** The states in which the move's money was already made (its ledger write is then repeated). */
  readonly madeIn?: readonly MilestoneState[];
  /** When the system should look again later rather than give up on the move. */
  readonly waitWhile?: MoveCondition;
}

/**
 * Every move a milestone may make: from-states, deal states, who, the written condition, and its
 * money. Anything not listed is refused. A deal cancelled by agreement still pays what was
 * approved before (release, settle) and refunds its funded milestones; nothing new is approved.
 */
export const MILESTONE_TRANSITIONS: Readonly<Record<MilestoneAction, MilestoneRule>> = {
  fund: {
    from: ['pending'],
    to: 'funded',
    by: ['system'],
    dealStates: ['accepted'],
    money: { ledger: 'funded', gateway: 'order_with_held_transfer' },
    stamps: 'fundedAt',
  },
  submit: {
    from: ['funded', 'changes_requested'],
    to: 'submitted',
    by: ['creator'],
    dealStates: ['accepted'],
    money: null,
  },
  // The brand approves; the system approves once the approval window ran out.
  approve: {
    from: ['submitted'],
    to: 'approved',
    by: ['brand', 'system'],
    dealStates: ['accepted'],
    money: null,
    stamps: 'approvedAt',
  },
  request_changes: {
    from: ['submitted'],
    to: 'changes_requested',
    by: ['brand'],
    dealStates: ['accepted'],
    requires: 'round_left',
    money: null,
  },
  dispute: {
    from: ['funded', 'submitted', 'changes_requested'],
    to: 'disputed',
    by: ['creator', 'brand'],
    dealStates: ['accepted'],
    money: null,
  },
  // The side that did not open the dispute answers it, once, before the admin decides.
  answer_dispute: {
    from: ['disputed'],
    to: 'disputed',
    by: ['creator', 'brand'],
    dealStates: ['accepted'],
    requires: 'answer_open',
    money: null,
  },
  resolve_release: {
    from: ['disputed'],
    to: 'approved',
    by: ['admin'],
    dealStates: ['accepted'],
    money: null,
    stamps: 'approvedAt',
  },
  // The decision is recorded (a decided refund); the milestone stays frozen until `refund`.
  resolve_refund: {
    from: ['disputed'],
    to: 'disputed',
    by: ['admin'],
    dealStates: ['accepted'],
    money: null,
  },
  release: {
    from: ['approved'],
    to: 'released',
    by: ['system'],
    dealStates: ['accepted', 'cancelled'],
    money: { ledger: 'released', gateway: 'release_transfer' },
    stamps: 'releasedAt',
    madeIn: ['released', 'settled'],
  },
  settle: {
    from: ['released'],
    to: 'settled',
    by: ['system'],
    dealStates: ['accepted', 'completed', 'cancelled'],
    money: { ledger: 'settled', gateway: 'read_settlement' },
    stamps: 'settledAt',
    madeIn: ['settled'],
  },
  refund: {
    from: ['funded', 'disputed'],
    to: 'refunded',
    by: ['system'],
    dealStates: ['accepted', 'cancelled'],
    requires: 'refund_due',
    money: { ledger: 'refunded', gateway: 'reverse_and_refund' },
    stamps: 'refundedAt',
    madeIn: ['refunded'],
    waitWhile: 'cancellation_open',
  },
};

/** The state `action` by `by` leads to from `state` (the milestone alone), or undefined. */
export function milestoneNextState(
  state: MilestoneState,
  action: MilestoneAction,
  by: MilestoneActor,
): MilestoneState | undefined {
  const rule = MILESTONE_TRANSITIONS[action];
  return rule.by.includes(by) && rule.from.includes(state) ? rule.to : undefined;
}

/** Why `action` by `by` is refused on `milestone` of `deal`, or undefined when it is allowed. */
export type MoveRefusal = 'actor' | 'state' | 'deal_state' | MoveCondition;

export function moveRefusal(
  deal: MoveDeal,
  milestone: MoveMilestone,
  action: MilestoneAction,
  by: MilestoneActor,
): MoveRefusal | undefined {
  const rule = MILESTONE_TRANSITIONS[action];
  if (!rule.by.includes(by)) return 'actor';
  if (!rule.from.includes(milestone.state)) return 'state';
  if (!(rule.dealStates as readonly string[]).includes(deal.state)) return 'deal_state';
  if (rule.requires && !MOVE_CONDITIONS[rule.requires](deal, milestone, by)) return rule.requires;
  return undefined;
}

/** Whether every rule of `action` by `by` allows it on `milestone` of `deal`. */
export function canMove(
  deal: MoveDeal,
  milestone: MoveMilestone,
  action: MilestoneAction,
  by: MilestoneActor,
): boolean {
  return moveRefusal(deal, milestone, action, by) === undefined;
}

/**
 * Where the system's money move `action` stands for `milestone`: `made` (its money was moved
 * already: repeat the idempotent ledger write), `due` (make it now), `wait` (look again later) or
 * `none` (nothing to do).
 */
export type MoneyStep = 'made' | 'due' | 'wait' | 'none';

export function moneyStepOf(
  deal: MoveDeal,
  milestone: MoveMilestone,
  action: MilestoneAction,
): MoneyStep {
  const rule = MILESTONE_TRANSITIONS[action];
  if (rule.madeIn?.includes(milestone.state)) return 'made';
  if (canMove(deal, milestone, action, 'system')) return 'due';
  if (rule.waitWhile && MOVE_CONDITIONS[rule.waitWhile](deal, milestone, 'system')) return 'wait';
  return 'none';
}

/** The time fields `action` stamps, at `at` (nothing for a move that stamps none). */
export function stampsOf(action: MilestoneAction, at: Date): Partial<Record<MoveStamp, Date>> {
  const stamp = MILESTONE_TRANSITIONS[action].stamps;
  return stamp === undefined ? {} : { [stamp]: at };
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

/** The other side's answer to a dispute, for the admin who decides it. */
export interface DisputeAnswer {
  readonly by: 'creator' | 'brand';
  readonly note: string;
  readonly at: Date;
}

export interface MilestoneDispute {
  /** Unique: the admin screens address a dispute by it. */
  readonly id: string;
  readonly openedBy: 'creator' | 'brand';
  readonly reason: string;
  readonly at: Date;
  /** The state the milestone was frozen in. */
  readonly frozenFrom: MilestoneState;
  /** The other side's answer, once (null until it answers; disputes stored before answers too). */
  readonly answer: DisputeAnswer | null;
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
