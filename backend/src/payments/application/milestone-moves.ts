import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  allMilestonesSettled,
  type Deal,
  DealMoves,
  historyEntry,
  type Milestone,
  type MilestoneAction,
  type MilestoneActor,
  moveMilestone,
  nextState,
  revise,
} from '../../deals/deals.contract.js';
import { AccountErasureGate } from '../../users/users.contract.js';
import {
  DealKeptChangingError,
  MilestoneNotFoundError,
  MilestoneTransitionRefusedError,
} from '../domain/payment.errors.js';
import { ClaimRetryTiming, retryLostClaims } from './claim-retry.js';

export interface MoveRequest {
  readonly dealId: string;
  readonly milestoneId: string;
  readonly action: MilestoneAction;
  readonly by: MilestoneActor;
  readonly actor: string;
  readonly note?: string;
  /** The milestone's changes, computed from the deal and milestone as read (re-run on a retry). */
  readonly changes?: (deal: Deal, milestone: Milestone, at: Date) => Partial<Milestone>;
  /** Extra condition on the milestone as read (e.g. revision rounds left): throw to refuse. */
  readonly check?: (deal: Deal, milestone: Milestone) => void;
}

/** The accounts a deal's money belongs to: its creator, and the brand workspace that accepted. */
function partyAccountsOf(deal: Deal): string[] {
  const brand = deal.brandParty?.channel === 'account' ? [deal.brandParty.brandId] : [];
  return [deal.creatorId, ...brand];
}

export type MoveOutcome =
  /** This call made the move. */
  | { readonly moved: true; readonly deal: Deal; readonly milestone: Milestone }
  /** The milestone is already where the move leads (someone else made it): nothing to do. */
  | { readonly moved: false; readonly deal: Deal; readonly milestone: Milestone };

/**
 * Moves milestones claim-once: each move reads the deal, computes the next one in the domain, and
 * writes it through the deal's claim (an insert keyed by the deal's revision, ADR 0030), so of
 * racing moves exactly one wins. A loser re-reads: if its move was made meanwhile it learns so;
 * if an unrelated change won (another milestone), it tries again on the new revision, after a
 * jittered backoff, until a deadline (claim-retry.ts); then DealKeptChangingError (409, retryable).
 */
@Injectable()
export class MilestoneMoves {
  constructor(
    private readonly deals: DealMoves,
    private readonly clock: Clock,
    private readonly timing: ClaimRetryTiming,
    private readonly erasures: AccountErasureGate,
  ) {}

  async move(request: MoveRequest, expectTo?: Milestone['state']): Promise<MoveOutcome> {
    const outcome = await retryLostClaims(this.timing, () => this.tryMove(request, expectTo));
    if (!outcome) throw new DealKeptChangingError();
    return outcome;
  }

  /**
   * Runs a money step of `deal` (e.g. a payment's ledger line and its move) ahead of any erasure
   * of its parties' accounts racing it; AccountErasedError when an erasure was decided first.
   */
  duringMoneyStep<T>(deal: Deal, step: () => Promise<T>): Promise<T> {
    return this.erasures.duringMoneyMove(partyAccountsOf(deal), step);
  }

  /** One attempt: the outcome, or undefined when another change of the deal won the claim. */
  private async tryMove(
    request: MoveRequest,
    expectTo: Milestone['state'] | undefined,
  ): Promise<MoveOutcome | undefined> {
    const deal = await this.deals.findById(request.dealId);
    const milestone = deal?.milestones.find(({ id }) => id === request.milestoneId);
    if (!deal || !milestone) throw new MilestoneNotFoundError();
    if (expectTo !== undefined && milestone.state === expectTo) {
      return { moved: false, deal, milestone };
    }
    request.check?.(deal, milestone);
    const at = this.clock.now();
    const result = moveMilestone(
      deal,
      request.milestoneId,
      request.action,
      request.by,
      request.actor,
      at,
      request.changes?.(deal, milestone, at) ?? {},
      request.note,
    );
    if (!result.ok) {
      throw result.reason === 'not_found'
        ? new MilestoneNotFoundError()
        : new MilestoneTransitionRefusedError();
    }
    // Money wins a race with the erasure of either party's account (AccountErasureGate).
    const claimed = await this.erasures.duringMoneyMove(partyAccountsOf(deal), () =>
      this.deals.claim(deal, result.deal),
    );
    if (claimed) return { moved: true, deal: result.deal, milestone: result.milestone };
    return undefined;
  }

  /** Completes the deal once every milestone is settled (refunded ones aside), claim-once. */
  async completeIfSettled(dealId: string): Promise<void> {
    await retryLostClaims(this.timing, async () => {
      const deal = await this.deals.findById(dealId);
      if (!deal || !allMilestonesSettled(deal)) return true;
      const to = nextState(deal.state, 'complete', 'system');
      if (to === undefined) return true;
      const at = this.clock.now();
      const record = historyEntry(deal, to, 'system', 'system', at);
      const next = revise(deal, { state: to, record }, at);
      return (await this.deals.claim(deal, next)) || undefined;
    });
  }
}
