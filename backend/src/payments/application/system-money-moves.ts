import { Clock } from '../../common/application/clock.js';
import {
  canMove,
  type Deal,
  DealMoves,
  type GatewayCall,
  MILESTONE_TRANSITIONS,
  type Milestone,
  moneyStepOf,
  stampsOf,
} from '../../deals/deals.contract.js';
import { LedgerWriter } from '../../ledger/ledger.contract.js';
import { intentIds, reverseKeyOf } from '../domain/money-keys.js';
import { moveTransaction, refOf } from '../domain/money-transactions.js';
import { MilestoneTransitionRefusedError } from '../domain/payment.errors.js';
import { dealAndMilestone, type DriveResult, type IntentChain } from './intent-handlers.js';
import { MilestoneMoves } from './milestone-moves.js';
import { PaymentGateway } from './ports/payment-gateway.port.js';
import type { PaymentIntent } from './ports/payment-intents.js';

/** The system's money moves that follow a milestone's funding. */
export type SystemMoneyAction = 'release' | 'settle' | 'refund';

/**
 * The system's moves of a funded milestone's money — release, settle, refund — and the approval
 * when the window ran out. Whether a move is due, already made, or to be looked at later is the
 * lifecycle's answer (milestone.ts); each move's gateway call and ledger kind are its data there.
 * Each step is idempotent: the gateway's writes carry the intent's key, the ledger's transactions
 * are unique by their event key, the milestone's move is claim-once.
 */
export class SystemMoneyMoves {
  /** Each gateway call: 'waiting' when the gateway has not done its part yet. */
  private readonly calls: Readonly<
    Record<Exclude<GatewayCall, 'order_with_held_transfer'>, GatewayStep>
  > = {
    release_transfer: (deal, milestone) => this.releaseTransfer(deal, milestone),
    read_settlement: (_deal, milestone) => this.readSettlement(milestone),
    reverse_and_refund: (deal, milestone) => this.reverseAndRefund(deal, milestone),
  };

  constructor(
    private readonly deals: DealMoves,
    private readonly moves: MilestoneMoves,
    private readonly ledger: LedgerWriter,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
    private readonly chain: IntentChain,
  ) {}

  /** Drives `action` of the milestone: made already, due now, to wait for, or nothing to do. */
  async drive(
    action: SystemMoneyAction,
    dealId: string,
    milestoneId: string,
  ): Promise<DriveResult> {
    const found = await dealAndMilestone(this.deals, dealId, milestoneId);
    if (!found || !fundedFor(action, found.milestone)) return 'done';
    const { deal, milestone } = found;
    switch (moneyStepOf(deal, milestone, action)) {
      case 'none':
        return 'done';
      case 'wait':
        return 'waiting';
      case 'made':
        await this.recordMade(action, deal, milestone);
        if (action === 'settle') await this.moves.completeIfSettled(dealId);
        return 'done';
      case 'due':
        return this.makeDue(action, deal, milestone);
    }
  }

  /** The move's money was moved before (a crash or a race): its ledger write, repeated. */
  private async recordMade(action: SystemMoneyAction, deal: Deal, milestone: Milestone) {
    const stamp = MILESTONE_TRANSITIONS[action].stamps;
    const at = (stamp && milestone[stamp]) ?? this.clock.now();
    await this.ledger.record(moveTransaction(action, refOf(deal, milestone), at));
  }

  /** The gateway's part, then the ledger, then the claim-once move, then the next step. */
  private async makeDue(
    action: SystemMoneyAction,
    deal: Deal,
    milestone: Milestone,
  ): Promise<DriveResult> {
    const rule = MILESTONE_TRANSITIONS[action];
    if (rule.money === null || rule.money.gateway === 'order_with_held_transfer') return 'done';
    if ((await this.calls[rule.money.gateway](deal, milestone)) === 'waiting') return 'waiting';
    const at = this.clock.now();
    await this.ledger.record(moveTransaction(action, refOf(deal, milestone), at));
    const moved = await this.moves.move(
      {
        dealId: deal.id,
        milestoneId: milestone.id,
        action,
        by: 'system',
        actor: 'system',
        changes: () => stampsOf(action, at),
      },
      rule.to,
    );
    if (action === 'release') await this.chain.openAndRun('settle', moved.deal, moved.milestone);
    if (action === 'settle') await this.moves.completeIfSettled(deal.id);
    return 'done';
  }

  /** Lifts the hold (idempotency key `release:<deal>:<milestone>`). */
  private async releaseTransfer(deal: Deal, milestone: Milestone): Promise<DriveResult> {
    const transferId = milestone.funding?.transferId;
    if (transferId) {
      await this.gateway.releaseTransfer(transferId, intentIds.release(deal.id, milestone.id));
    }
    return 'done';
  }

  /** The settlement is the gateway's: done once it reports the transfer settled. */
  private async readSettlement(milestone: Milestone): Promise<DriveResult> {
    const transferId = milestone.funding?.transferId;
    if (!transferId) return 'waiting';
    const transfer = await this.gateway.fetchTransfer(transferId);
    return transfer.settlementStatus === 'settled' ? 'done' : 'waiting';
  }

  /**
   * Returns a funded milestone's money to the brand: the transfer reversed and the payment
   * refunded, each with its own idempotency key, each only for what is not yet returned.
   */
  private async reverseAndRefund(deal: Deal, milestone: Milestone): Promise<DriveResult> {
    if (!milestone.funding?.paymentId) return 'waiting';
    const { transferId, paymentId, feePaise } = milestone.funding;
    const share = milestone.amountPaise - feePaise;
    if (transferId !== null) {
      const transfer = await this.gateway.fetchTransfer(transferId);
      if (transfer.amountReversedPaise < share) {
        await this.gateway.reverseTransfer(
          transferId,
          share - transfer.amountReversedPaise,
          reverseKeyOf(deal.id, milestone.id),
        );
      }
    }
    const payment = await this.gateway.fetchPayment(paymentId);
    if (payment.amountRefundedPaise < milestone.amountPaise) {
      await this.gateway.refundPayment(
        paymentId,
        milestone.amountPaise - payment.amountRefundedPaise,
        intentIds.refund(deal.id, milestone.id),
      );
    }
    return 'done';
  }

  /** The brand stayed silent past the approval window: approved by the system (claim-once). */
  async autoApprove(intent: PaymentIntent): Promise<DriveResult> {
    const found = await dealAndMilestone(this.deals, intent.dealId, intent.milestoneId);
    if (!found) return 'done';
    const { deal, milestone } = found;
    const due = milestone.approvalDueAt;
    if (!canMove(deal, milestone, 'approve', 'system') || due === null) return 'done';
    // Only the watch of the current submission approves it (an older round's does nothing).
    if (intent.id !== intentIds.approve(deal.id, milestone.id, milestone.revisionsUsed)) {
      return 'done';
    }
    if (due.getTime() > this.clock.now().getTime()) return 'waiting';
    try {
      await this.moves.move({
        dealId: deal.id,
        milestoneId: milestone.id,
        action: 'approve',
        by: 'system',
        actor: 'system',
        note: 'Approved automatically: the approval window ended without an answer.',
      });
    } catch (error) {
      if (error instanceof MilestoneTransitionRefusedError) return 'done'; // answered meanwhile
      throw error;
    }
    await this.chain.openAndRun('release', deal, milestone);
    return 'done';
  }
}

type GatewayStep = (deal: Deal, milestone: Milestone) => Promise<DriveResult>;

/** Whether the milestone has the gateway's side that `action` works on (transfer, payment). */
function fundedFor(action: SystemMoneyAction, milestone: Milestone): boolean {
  return action === 'refund'
    ? Boolean(milestone.funding?.paymentId)
    : Boolean(milestone.funding?.transferId);
}
