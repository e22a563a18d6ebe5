import { Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  canMove,
  type Deal,
  DealMoves,
  type Milestone,
  type MilestoneFunding,
  stampsOf,
} from '../../deals/deals.contract.js';
import { LedgerWriter } from '../../ledger/ledger.contract.js';
import { AccountErasedError } from '../../users/users.contract.js';
import { intentIds, strayReverseKeyOf } from '../domain/money-keys.js';
import { moveTransaction, refOf } from '../domain/money-transactions.js';
import { MilestoneTransitionRefusedError } from '../domain/payment.errors.js';
import { dealAndMilestone, type DriveResult, type IntentChain } from './intent-handlers.js';
import { MilestoneMoves } from './milestone-moves.js';
import { PaymentGateway } from './ports/payment-gateway.port.js';
import { type PaymentIntent, PaymentIntents } from './ports/payment-intents.js';

/**
 * A milestone's funding, from the gateway's order: the brand's payment recorded and the milestone
 * funded, or a payment that can fund nothing given back to the brand.
 */
export class FundingSync {
  private readonly logger = new Logger(FundingSync.name);

  constructor(
    private readonly deals: DealMoves,
    private readonly moves: MilestoneMoves,
    private readonly ledger: LedgerWriter,
    private readonly gateway: PaymentGateway,
    private readonly intents: PaymentIntents,
    private readonly clock: Clock,
    private readonly chain: IntentChain,
  ) {}

  /**
   * The order's current state at the gateway decides: paid with a captured payment of the
   * milestone's amount and its on-hold transfer to the creator → the milestone is funded (ledger
   * first, then the move). A payment that cannot fund its milestone (the lifecycle refuses the
   * move: the deal is no longer accepted, the milestone was funded otherwise) is refunded.
   */
  async syncOrder(orderId: string): Promise<DriveResult> {
    const intent = await this.intents.findByOrder(orderId);
    if (!intent) return 'done'; // not an order of ours: nothing to do
    const order = await this.gateway.fetchOrder(orderId);
    if (order.status !== 'paid') return 'waiting';
    const payments = await this.gateway.fetchOrderPayments(orderId);
    const captured = payments.filter(({ status }) => status === 'captured');
    const payment = captured.find(({ amountPaise }) => amountPaise === intent.amountPaise);
    if (!payment) {
      this.logger.warn({ orderId }, 'A paid order without a captured payment of its amount');
      return 'waiting';
    }
    const transferId = await this.heldTransferOf(intent, payment.id);
    const found = await dealAndMilestone(this.deals, intent.dealId, intent.milestoneId);
    // Any other captured payment of the order (paid twice) goes back to the brand.
    for (const other of captured) {
      if (other.id !== payment.id) await this.openStrayRefund(intent, other.id);
    }
    if (!found) return 'done';
    const { deal, milestone } = found;
    if (milestone.funding?.paymentId === payment.id) {
      const at = milestone.fundedAt ?? this.clock.now();
      await this.ledger.record(moveTransaction('fund', refOf(deal, milestone), at));
      return 'done';
    }
    if (!canMove(deal, milestone, 'fund', 'system')) {
      await this.openStrayRefund(intent, payment.id);
      return 'done';
    }
    if (transferId === undefined) return 'waiting'; // Route creates it on capture: look again
    const at = this.clock.now();
    const funding = {
      attempt: 1,
      orderId,
      paymentId: payment.id,
      transferId,
      feePaise: intent.feePaise,
    };
    try {
      // The payment wins a race with an erasure of the creator's or brand's account; an account
      // erased before it arrived cannot be paid, so the payment goes back to the brand.
      await this.moves.duringMoneyStep(deal, () =>
        this.recordFunding(deal, milestone, funding, payment.id, at),
      );
    } catch (error) {
      if (!(error instanceof AccountErasedError)) throw error;
      await this.openStrayRefund(intent, payment.id);
    }
    return 'done';
  }

  /** The payment's ledger line, then the milestone's move to funded. */
  private async recordFunding(
    deal: Deal,
    milestone: Milestone,
    funding: MilestoneFunding,
    paymentId: string,
    at: Date,
  ): Promise<void> {
    await this.ledger.record(moveTransaction('fund', refOf(deal, { ...milestone, funding }), at));
    try {
      await this.moves.move(
        {
          dealId: deal.id,
          milestoneId: milestone.id,
          action: 'fund',
          by: 'system',
          actor: 'system',
          changes: () => ({ funding, ...stampsOf('fund', at) }),
        },
        'funded',
      );
    } catch (error) {
      if (!(error instanceof MilestoneTransitionRefusedError)) throw error;
      await this.confirmFundedBy(deal.id, milestone.id, paymentId, error);
    }
  }

  /** The payment's live transfer of the creator's share to their linked account, if any yet. */
  private async heldTransferOf(
    intent: PaymentIntent,
    paymentId: string,
  ): Promise<string | undefined> {
    const share = intent.amountPaise - intent.feePaise;
    const transfers = await this.gateway.fetchPaymentTransfers(paymentId);
    return transfers.find(
      (item) =>
        item.linkedAccountId === intent.linkedAccountId &&
        item.amountPaise === share &&
        item.status !== 'failed' &&
        item.status !== 'reversed',
    )?.id;
  }

  /** Funded meanwhile by this very payment (a racing worker): the ledger write above was its. */
  private async confirmFundedBy(
    dealId: string,
    milestoneId: string,
    paymentId: string,
    refused: Error,
  ): Promise<void> {
    const now = await dealAndMilestone(this.deals, dealId, milestoneId);
    if (now?.milestone.funding?.paymentId !== paymentId) {
      throw new Error('the milestone moved on while its payment was being recorded', {
        cause: refused,
      });
    }
  }

  private async openStrayRefund(intent: PaymentIntent, paymentId: string): Promise<void> {
    const now = this.clock.now();
    const stray = await this.intents.open({
      id: intentIds.refundPayment(paymentId),
      kind: 'refund_payment',
      dealId: intent.dealId,
      milestoneId: intent.milestoneId,
      creatorId: intent.creatorId,
      amountPaise: intent.amountPaise,
      feePaise: intent.feePaise,
      orderId: intent.orderId,
      paymentId,
      createdAt: now,
      nextAttemptAt: now,
    });
    await this.chain.run(stray);
  }

  /** A payment that funded nothing: its transfer reversed and the payment refunded in full. */
  async refundStrayPayment(intent: PaymentIntent): Promise<DriveResult> {
    if (intent.paymentId === null) return 'done';
    const payment = await this.gateway.fetchPayment(intent.paymentId);
    for (const transfer of await this.gateway.fetchPaymentTransfers(payment.id)) {
      if (transfer.amountReversedPaise < transfer.amountPaise) {
        await this.gateway.reverseTransfer(
          transfer.id,
          transfer.amountPaise - transfer.amountReversedPaise,
          strayReverseKeyOf(intent.id, transfer.id),
        );
      }
    }
    if (payment.amountRefundedPaise < payment.amountPaise) {
      await this.gateway.refundPayment(
        payment.id,
        payment.amountPaise - payment.amountRefundedPaise,
        intent.id,
      );
    }
    return 'done';
  }
}
