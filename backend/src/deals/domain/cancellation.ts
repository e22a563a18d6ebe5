/**
 * Cancelling an accepted deal by agreement (contract clause 7): "After acceptance, this agreement
 * can be cancelled only by both parties together; milestones already approved stay payable, and
 * funded milestones not yet started are refunded to the Brand." Plain TypeScript.
 *
 * One party proposes (with a reason), the other agrees (the deal is cancelled) or declines (the
 * deal goes on); the proposer may withdraw. Each move is the next deal, written claim-once by the
 * caller through the deal's claim, and recorded in its history.
 */
import {
  type CancellationAction,
  type CancellationMove,
  type CancellationParty,
  type CancellationProposal,
  type Deal,
  type HistoryEntry,
  revise,
} from './deal.js';

export {
  CANCELLATION_ACTIONS,
  type CancellationAction,
  type CancellationMove,
  type CancellationParty,
  type CancellationProposal,
} from './deal.js';
import {
  CancellationAlreadyProposedError,
  CancellationNeedsAcceptedDealError,
  CancellationNotProposedError,
  CancellationWorkInReviewError,
  CancellationWrongPartyError,
  InvalidCancellationReasonError,
} from './deal.errors.js';
import { checkDealText } from './deal-text.js';
import type { MilestoneState } from './milestone.js';

export const CANCELLATION_REASON_LIMITS = { min: 3, max: 500 } as const;

/** Milestones whose work is delivered or contested: decided before a cancellation. */
export const IN_REVIEW_STATES: readonly MilestoneState[] = [
  'submitted',
  'changes_requested',
  'disputed',
];

/** The reason as stored (the deal texts' rule), or InvalidCancellationReasonError naming `reason`. */
export function parseCancellationReason(value: unknown): string {
  const { min, max } = CANCELLATION_REASON_LIMITS;
  const { text, problem } = checkDealText('reason', typeof value === 'string' ? value : '', {
    min,
    max,
    required: true,
    multiline: true,
  });
  if (problem !== undefined) throw new InvalidCancellationReasonError(problem);
  return text;
}

/** The open proposal, if any. */
export function openCancellation(deal: Pick<Deal, 'cancellation'>): CancellationProposal | null {
  return deal.cancellation ?? null;
}

/** Why a cancellation cannot be proposed now (the error to answer), or undefined when it can. */
export function proposalBlocker(
  deal: Pick<Deal, 'state' | 'milestones' | 'cancellation'>,
): Error | undefined {
  if (deal.state !== 'accepted') return new CancellationNeedsAcceptedDealError();
  if (openCancellation(deal)) return new CancellationAlreadyProposedError();
  if (deal.milestones.some(({ state }) => IN_REVIEW_STATES.includes(state)))
    return new CancellationWorkInReviewError();
  return undefined;
}

function entry(
  deal: Deal,
  to: Deal['state'],
  by: CancellationParty,
  actor: string,
  at: Date,
  move: CancellationMove,
  note: string,
): HistoryEntry {
  return { at, by, actor, from: deal.state, to, version: deal.version, note, cancellation: move };
}

/** `deal` with `by`'s proposal open. Throws the domain error that says why not. */
export function proposeCancellation(
  deal: Deal,
  by: CancellationParty,
  actor: string,
  at: Date,
  reasonInput: unknown,
): Deal {
  const reason = parseCancellationReason(reasonInput);
  const blocker = proposalBlocker(deal);
  if (blocker) throw blocker;
  const proposal: CancellationProposal = { by, actor, at, reason };
  const record = entry(
    deal,
    deal.state,
    by,
    actor,
    at,
    { action: 'propose', proposedBy: by },
    reason,
  );
  return revise(deal, { cancellation: proposal, record }, at);
}

/** The open proposal of an accepted deal, or the error saying there is none. */
function proposalOf(deal: Deal): CancellationProposal {
  if (deal.state !== 'accepted') {
    throw deal.state === 'cancelled'
      ? new CancellationNotProposedError()
      : new CancellationNeedsAcceptedDealError();
  }
  const proposal = openCancellation(deal);
  if (!proposal) throw new CancellationNotProposedError();
  return proposal;
}

/**
 * The move by which `by` closes the open proposal with `action` — the proposer withdraws it, the
 * other party declines or agrees — recorded with the proposal's reason. Agreeing cancels the
 * deal, refused while a milestone's work is delivered or contested (it may have been submitted
 * after the proposal): that is decided first.
 */
function closingMove(
  action: Exclude<CancellationAction, 'propose'>,
): (deal: Deal, by: CancellationParty, actor: string, at: Date) => Deal {
  return (deal, by, actor, at) => {
    const proposal = proposalOf(deal);
    if ((proposal.by === by) !== (action === 'withdraw')) throw new CancellationWrongPartyError();
    if (action === 'agree' && deal.milestones.some(({ state }) => IN_REVIEW_STATES.includes(state)))
      throw new CancellationWorkInReviewError();
    const to = action === 'agree' ? 'cancelled' : deal.state;
    const move: CancellationMove = { action, proposedBy: proposal.by };
    const record = entry(deal, to, by, actor, at, move, proposal.reason);
    return revise(deal, { state: to, cancellation: null, record }, at);
  };
}

/** The proposer takes the proposal back: the deal goes on. */
export const withdrawCancellation = closingMove('withdraw');

/** The other party declines: the proposal is closed, the deal goes on. */
export const declineCancellation = closingMove('decline');

/** The other party agrees: the deal is cancelled (the proposal stays in its history). */
export const agreeCancellation = closingMove('agree');

/** How the deal was cancelled by agreement, from its history (undefined if it was not). */
export function agreedCancellation(
  deal: Pick<Deal, 'history'>,
): { proposedBy: CancellationParty; reason: string; agreedAt: Date } | undefined {
  const agreed = deal.history.findLast((item) => item.cancellation?.action === 'agree');
  if (!agreed?.cancellation) return undefined;
  return {
    proposedBy: agreed.cancellation.proposedBy,
    reason: agreed.note ?? '',
    agreedAt: agreed.at,
  };
}
