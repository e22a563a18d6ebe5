import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  agreeCancellation,
  CreatorLimits,
  type Deal,
  DealChangedConcurrentlyError,
  DealNotFoundError,
  DealMoves,
  declineCancellation,
  openCancellation,
  proposeCancellation,
  withdrawCancellation,
} from '../../deals/deals.contract.js';
import { intentIds } from '../domain/money-keys.js';
import { refOf } from '../domain/money-transactions.js';
import { MoneyEngine } from './money-engine.js';
import { MilestoneActions } from './milestone-actions.use-case.js';
import { type PaymentIntent, PaymentIntents } from './ports/payment-intents.js';

/** How often agreeing re-reads the deal after losing its claim to an unrelated change. */
const CLAIM_ATTEMPTS = 8;

/** Who acts: the creator (their account) or the brand (the review link's token). */
export type CancellationCaller =
  | { readonly party: 'creator'; readonly creatorId: string; readonly dealId: string }
  | { readonly party: 'brand'; readonly token: string };

/**
 * Cancelling an accepted deal by agreement (contract clause 7, ADR 0058): either party proposes
 * with a reason, the proposer may withdraw, the other party agrees or declines. Every move is a
 * claim-once write of the deal (its history keeps it); of two racing moves exactly one wins and
 * the other answers DEAL_CHANGED_CONCURRENTLY.
 *
 * Agreeing moves money, so it lives here beside the intent log: the refund intents of the funded
 * milestones are written first (write-ahead), then the cancellation is claimed, then the refunds
 * are driven (the worker finishes any the process did not). A refund intent whose cancellation
 * lost its race does nothing (the lifecycle's refund needs a cancelled deal or a decided refund).
 * Approved milestones stay payable: their release goes on as before. The other side is told of a
 * proposal, and the proposer of an agreement, by the notifications' follower of the deal's history
 * (#39: bell, e-mail, each once), not from here.
 */
@Injectable()
export class DealCancellations {
  constructor(
    private readonly deals: DealMoves,
    private readonly actions: MilestoneActions,
    private readonly engine: MoneyEngine,
    private readonly intents: PaymentIntents,
    private readonly clock: Clock,
    /** The proposals' cool-down and daily limit (#36). */
    private readonly limits: CreatorLimits,
  ) {}

  /**
   * The caller's deal: the creator's own (else not found), or the one behind the brand's link
   * (only a live link of the party that accepted); and the caller as the history names it.
   */
  private async dealOf(caller: CancellationCaller): Promise<{ deal: Deal; actor: string }> {
    if (caller.party === 'brand') return this.actions.brandGrant(caller.token);
    const deal = await this.deals.findOwned(caller.dealId, caller.creatorId);
    if (!deal) throw new DealNotFoundError();
    return { deal, actor: caller.creatorId };
  }

  /** Writes `next` over `deal` claim-once, or DEAL_CHANGED_CONCURRENTLY. */
  private async claim(deal: Deal, next: Deal): Promise<Deal> {
    if (!(await this.deals.claim(deal, next))) throw new DealChangedConcurrentlyError();
    return next;
  }

  async propose(caller: CancellationCaller, reason: unknown): Promise<Deal> {
    const { deal, actor } = await this.dealOf(caller);
    const next = proposeCancellation(deal, caller.party, actor, this.clock.now(), reason);
    await this.limits.countCancellationProposal(deal, caller.party);
    const proposed = await this.claim(deal, next);
    return proposed;
  }

  async withdraw(caller: CancellationCaller): Promise<Deal> {
    const { deal, actor } = await this.dealOf(caller);
    const next = withdrawCancellation(deal, caller.party, actor, this.clock.now());
    return this.claim(deal, next);
  }

  async decline(caller: CancellationCaller): Promise<Deal> {
    const { deal, actor } = await this.dealOf(caller);
    const next = declineCancellation(deal, caller.party, actor, this.clock.now());
    return this.claim(deal, next);
  }

  /**
   * The other party agrees: refund intents for every funded milestone first, then the claim.
   * A claim lost to an unrelated change (a milestone funded or released meanwhile) is tried again
   * on the new revision while the same proposal is still open; lost to another answer (a second
   * agree, a withdrawal), it answers DEAL_CHANGED_CONCURRENTLY.
   */
  async agree(caller: CancellationCaller): Promise<Deal> {
    const caught = await this.dealOf(caller);
    let deal = caught.deal;
    const proposal = openCancellation(deal);
    for (let attempt = 1; ; attempt += 1) {
      const at = this.clock.now();
      const next = agreeCancellation(deal, caller.party, caught.actor, at);
      const refunds = await this.openRefunds(deal);
      if (await this.deals.claim(deal, next)) {
        await this.driveRefunds(refunds);
        return (await this.deals.findById(deal.id)) ?? next;
      }
      const now = await this.deals.findById(deal.id);
      const still = now ? openCancellation(now) : null;
      const same =
        now?.state === 'accepted' &&
        still !== null &&
        proposal !== null &&
        still.at.getTime() === proposal.at.getTime() &&
        still.by === proposal.by;
      if (!now || !same || attempt >= CLAIM_ATTEMPTS) throw new DealChangedConcurrentlyError();
      deal = now;
    }
  }

  /** The write-ahead refund intents of `deal`'s funded milestones, keyed by the proposal. */
  private async openRefunds(deal: Deal): Promise<PaymentIntent[]> {
    const proposal = openCancellation(deal);
    if (!proposal) return [];
    const now = this.clock.now();
    const opened: PaymentIntent[] = [];
    for (const milestone of deal.milestones) {
      if (milestone.state !== 'funded') continue;
      opened.push(
        await this.intents.open({
          id: intentIds.cancellationRefund(deal.id, milestone.id, proposal.at),
          kind: 'refund',
          ...refOf(deal, milestone),
          createdAt: now,
          nextAttemptAt: now,
        }),
      );
    }
    return opened;
  }

  /** Refunds now where the gateway answers; the worker retries the rest with the same keys. */
  private async driveRefunds(refunds: readonly PaymentIntent[]): Promise<void> {
    for (const intent of refunds) {
      const current = (await this.intents.find(intent.id)) ?? intent;
      await this.engine.runIntent(current);
    }
  }
}
