import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  BrandMoneyLinks,
  type BrandMoneyGrant,
  canMove,
  checkDealText,
  type Deal,
  DEAL_LIMITS,
  type DealTextRule,
  DealMoves,
  feeOf,
  formatRupees,
  type Milestone,
  moveRefusal,
  PayoutProfileNotVerifiedError,
} from '../../deals/deals.contract.js';
import { PayoutAccounts } from '../../payouts/payouts.contract.js';
import {
  DisputeAnsweredError,
  DisputeResolvedError,
  InvalidMilestoneTextError,
  MilestoneNotFoundError,
  MilestoneTransitionRefusedError,
  PaymentGatewayUnavailableError,
  RevisionRoundsUsedError,
} from '../domain/payment.errors.js';
import { intentIds } from '../domain/money-keys.js';
import { refOf } from '../domain/money-transactions.js';
import { MoneyEngine } from './money-engine.js';
import { MilestoneMoves } from './milestone-moves.js';
import { type CheckoutForm, PaymentGateway } from './ports/payment-gateway.port.js';
import { PaymentIntents } from './ports/payment-intents.js';
import { PaymentsSettings } from './ports/payments-settings.js';

export const CHECKOUT_CALLBACK_PATH = '/api/v1/payments/checkout/callback';

/** A dispute's reason and the brand's request for changes: the deal texts' rule. */
const NOTE_RULE: DealTextRule = { max: DEAL_LIMITS.comment, required: true, multiline: true };

/** `value` as the deal texts' rule stores it, or InvalidMilestoneTextError naming `field`. */
function typedText(field: string, value: string): string {
  const { text, problem } = checkDealText(field, value, NOTE_RULE);
  if (problem !== undefined) throw new InvalidMilestoneTextError(field, problem);
  return text;
}

export interface Submission {
  readonly links: readonly string[];
  readonly note: string;
}

/** What a brand's link opens on an accepted deal: the deal, for its milestones' money. */
export interface BrandMoneyView {
  readonly deal: Deal;
}

/**
 * The parties' milestone actions (#26): the creator submits and disputes; the brand, through the
 * review link of the accepted deal, funds, approves, requests changes and disputes; the side that
 * did not open a dispute answers it. Every one is
 * a claim-once move recorded in the deal's history; another party's deal is "not found".
 */
@Injectable()
export class MilestoneActions {
  constructor(
    private readonly deals: DealMoves,
    private readonly moves: MilestoneMoves,
    private readonly engine: MoneyEngine,
    private readonly gateway: PaymentGateway,
    private readonly intents: PaymentIntents,
    private readonly moneyLinks: BrandMoneyLinks,
    private readonly settings: PaymentsSettings,
    private readonly clock: Clock,
    private readonly payouts: PayoutAccounts,
  ) {}

  /** The creator's own deal and milestone, or MilestoneNotFoundError. */
  private async creatorMilestone(creatorId: string, dealId: string, milestoneId: string) {
    const deal = await this.deals.findOwned(dealId, creatorId);
    const milestone = deal?.milestones.find(({ id }) => id === milestoneId);
    if (!deal || !milestone) throw new MilestoneNotFoundError();
    return { deal, milestone };
  }

  /**
   * The accepted deal behind a brand's token, and who the brand is as proven: only a live link of
   * the party that accepted (the deals' one rule, BrandMoneyLinks) opens its money.
   */
  async brandGrant(token: string): Promise<BrandMoneyGrant> {
    return this.moneyLinks.grantOf(token);
  }

  /** The accepted deal behind a brand's token (see brandGrant). */
  async brandDeal(token: string): Promise<Deal> {
    return (await this.brandGrant(token)).deal;
  }

  private async brandMilestone(token: string, milestoneId: string) {
    const { deal, actor } = await this.brandGrant(token);
    const milestone = deal.milestones.find(({ id }) => id === milestoneId);
    if (!milestone) throw new MilestoneNotFoundError();
    return { deal, milestone, actor };
  }

  async submit(
    creatorId: string,
    dealId: string,
    milestoneId: string,
    submission: Submission,
  ): Promise<Deal> {
    await this.creatorMilestone(creatorId, dealId, milestoneId);
    const { deal, milestone } = await this.moves.move({
      dealId,
      milestoneId,
      action: 'submit',
      by: 'creator',
      actor: creatorId,
      changes: (current, _milestone, at) => ({
        submission: { links: [...submission.links], note: submission.note, at },
        approvalDueAt: new Date(
          at.getTime() + current.approvalWindowDays * this.settings.approvalDayMs,
        ),
      }),
    });
    await this.openApprovalWatch(deal, milestone);
    return deal;
  }

  /** The auto-approval of this submission, due when its approval window ends. */
  private async openApprovalWatch(deal: Deal, milestone: Milestone): Promise<void> {
    if (milestone.approvalDueAt === null) return;
    await this.intents.open({
      id: intentIds.approve(deal.id, milestone.id, milestone.revisionsUsed),
      kind: 'approve',
      ...refOf(deal, milestone),
      createdAt: this.clock.now(),
      nextAttemptAt: milestone.approvalDueAt,
    });
  }

  async creatorDispute(
    creatorId: string,
    dealId: string,
    milestoneId: string,
    reason: string,
  ): Promise<Deal> {
    await this.creatorMilestone(creatorId, dealId, milestoneId);
    return this.dispute(dealId, milestoneId, 'creator', creatorId, reason);
  }

  async brandDispute(token: string, milestoneId: string, reason: string): Promise<Deal> {
    const { deal, actor } = await this.brandMilestone(token, milestoneId);
    return this.dispute(deal.id, milestoneId, 'brand', actor, reason);
  }

  private async dispute(
    dealId: string,
    milestoneId: string,
    openedBy: 'creator' | 'brand',
    actor: string,
    reasonInput: string,
  ): Promise<Deal> {
    const reason = typedText('reason', reasonInput);
    const { deal } = await this.moves.move({
      dealId,
      milestoneId,
      action: 'dispute',
      by: openedBy,
      actor,
      note: reason,
      changes: (_deal, milestone, at) => ({
        dispute: {
          id: randomUUID(),
          openedBy,
          reason,
          at,
          frozenFrom: milestone.state,
          answer: null,
          resolution: null,
        },
      }),
    });
    return deal;
  }

  async creatorAnswerDispute(
    creatorId: string,
    dealId: string,
    milestoneId: string,
    note: string,
  ): Promise<Deal> {
    await this.creatorMilestone(creatorId, dealId, milestoneId);
    return this.answerDispute(dealId, milestoneId, 'creator', creatorId, note);
  }

  async brandAnswerDispute(token: string, milestoneId: string, note: string): Promise<Deal> {
    const { deal, actor } = await this.brandMilestone(token, milestoneId);
    return this.answerDispute(deal.id, milestoneId, 'brand', actor, note);
  }

  /**
   * The side that did not open the dispute answers it, once, for the admin who decides it: the
   * milestone stays frozen; the answer is recorded on the dispute and in the deal's history.
   */
  private async answerDispute(
    dealId: string,
    milestoneId: string,
    by: 'creator' | 'brand',
    actor: string,
    noteInput: string,
  ): Promise<Deal> {
    const note = typedText('note', noteInput);
    const { deal } = await this.moves.move({
      dealId,
      milestoneId,
      action: 'answer_dispute',
      by,
      actor,
      note,
      check: (_deal, milestone) => {
        if (milestone.dispute?.resolution) throw new DisputeResolvedError();
        if (milestone.dispute?.answer) throw new DisputeAnsweredError();
      },
      changes: (_deal, milestone, at) => ({
        dispute: milestone.dispute ? { ...milestone.dispute, answer: { by, note, at } } : null,
      }),
    });
    return deal;
  }

  async approve(token: string, milestoneId: string): Promise<Deal> {
    const { deal, actor } = await this.brandMilestone(token, milestoneId);
    const moved = await this.moves.move({
      dealId: deal.id,
      milestoneId,
      action: 'approve',
      by: 'brand',
      actor,
    });
    const intent = await this.engine.openIntent('release', moved.deal, moved.milestone);
    // Released now if the gateway answers; otherwise the worker retries with the same key.
    await this.engine.runIntent(intent);
    return (await this.deals.findById(deal.id)) ?? moved.deal;
  }

  async requestChanges(token: string, milestoneId: string, noteInput: string): Promise<Deal> {
    const note = typedText('note', noteInput);
    const { deal, actor } = await this.brandMilestone(token, milestoneId);
    const moved = await this.moves.move({
      dealId: deal.id,
      milestoneId,
      action: 'request_changes',
      by: 'brand',
      actor,
      note,
      check: (current, milestone) => {
        if (moveRefusal(current, milestone, 'request_changes', 'brand') === 'round_left') {
          throw new RevisionRoundsUsedError();
        }
      },
      changes: (_deal, milestone) => ({
        revisionsUsed: milestone.revisionsUsed + 1,
        approvalDueAt: null,
      }),
    });
    return moved.deal;
  }

  /**
   * The checkout for a pending milestone of an accepted deal: one gateway order per milestone, for
   * the server's amount, with the creator's share as a Route transfer on hold to their linked
   * account. The order is asked for first, keyed by the intent's id (`fund:<deal>:<milestone>`),
   * then the intent is written once with it: every stored checkout intent knows its order. A crash
   * in between, or a second click at the same time, asks again with the same key and gets the same
   * order; of two racing writes the first intent stays and both answer its order.
   */
  async fund(token: string, milestoneId: string): Promise<CheckoutForm> {
    const { deal, milestone } = await this.brandMilestone(token, milestoneId);
    if (!canMove(deal, milestone, 'fund', 'system')) throw new MilestoneTransitionRefusedError();
    const destination = await this.payouts.verifiedDestination(deal.creatorId);
    if (!destination) throw new PayoutProfileNotVerifiedError();
    const now = this.clock.now();
    const id = intentIds.fund(deal.id, milestone.id);
    const stored = await this.intents.find(id);
    const amountPaise = stored?.amountPaise ?? milestone.amountPaise;
    const feePaise = stored?.feePaise ?? feeOf(milestone.amountPaise, this.settings.feeBasisPoints);
    const linkedAccountId = stored?.linkedAccountId ?? destination.linkedAccountId;
    const orderId =
      stored?.orderId ??
      (await this.createOrder(id, deal.id, milestone.id, {
        amountPaise,
        sharePaise: amountPaise - feePaise,
        linkedAccountId,
      }));
    const intent =
      stored ??
      (await this.intents.open({
        id,
        kind: 'fund',
        dealId: deal.id,
        milestoneId: milestone.id,
        creatorId: deal.creatorId,
        amountPaise,
        feePaise,
        orderId,
        linkedAccountId,
        createdAt: now,
        nextAttemptAt: now,
      }));
    // An intent written before orders were asked for first may still lack its order.
    if (intent.orderId === null) await this.intents.setOrder(id, orderId);
    // A checkout opened again is watched again (an unpaid order's watch ends after a day).
    if (stored) await this.intents.retryAt(id, now, 0, null);
    const reviewPage = `${this.settings.publicUrl}/deal-review?milestone=${encodeURIComponent(milestone.id)}`;
    return this.gateway.checkoutForm({
      orderId: intent.orderId ?? orderId,
      amountPaise: intent.amountPaise,
      description:
        `${deal.title} · ${milestone.name} · ${formatRupees(milestone.amountPaise)}`.slice(0, 250),
      prefill: {
        name: deal.brand.contactName,
        email: deal.brand.contactEmail,
        contact: deal.brand.contactMobile,
      },
      callbackUrl: `${this.settings.publicUrl}${CHECKOUT_CALLBACK_PATH}`,
      cancelUrl: `${reviewPage}&payment=failed`,
    });
  }

  /** The milestone's gateway order, asked for with the intent's id as idempotency key. */
  private async createOrder(
    intentId: string,
    dealId: string,
    milestoneId: string,
    money: { amountPaise: number; sharePaise: number; linkedAccountId: string },
  ): Promise<string> {
    const notes = { dealId, milestoneId };
    try {
      const order = await this.gateway.createOrder({
        amountPaise: money.amountPaise,
        receipt: `m_${milestoneId.replaceAll('-', '').slice(0, 30)}`,
        notes,
        transfers: [
          {
            linkedAccountId: money.linkedAccountId,
            amountPaise: money.sharePaise,
            onHold: true,
            notes,
          },
        ],
        idempotencyKey: intentId,
      });
      return order.id;
    } catch (error) {
      throw new PaymentGatewayUnavailableError({ cause: error });
    }
  }

  /**
   * The browser came back from the checkout: the signature is checked, and the order synced from
   * the gateway (the webhook does the same); the answer is only where to send the browser.
   */
  async checkoutReturned(result: {
    orderId: string;
    paymentId: string;
    signature: string;
  }): Promise<string> {
    const intent =
      result.orderId === '' ? undefined : await this.intents.findByOrder(result.orderId);
    const page = (outcome: 'success' | 'failed') =>
      `${this.settings.publicUrl}/deal-review?${new URLSearchParams({
        ...(intent ? { milestone: intent.milestoneId } : {}),
        payment: outcome,
      }).toString()}`;
    if (!intent || !this.gateway.verifyCheckout(result)) return page('failed');
    try {
      await this.engine.syncOrder(result.orderId);
    } catch {
      // The webhook and the worker finish it; the brand's payment went through.
    }
    return page('success');
  }
}
