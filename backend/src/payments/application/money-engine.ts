import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { type Deal, DealRepository, type Milestone } from '../../deals/deals.contract.js';
import { LedgerWriter } from '../../ledger/ledger.contract.js';
import {
  fundedTransaction,
  type MilestoneRef,
  refundedTransaction,
  releasedTransaction,
  settledTransaction,
} from '../domain/money-transactions.js';
import { MilestoneTransitionRefusedError } from '../domain/payment.errors.js';
import { MilestoneMoves } from './milestone-moves.js';
import { PaymentGateway } from './ports/payment-gateway.port.js';
import { type IntentKind, type PaymentIntent, PaymentIntents } from './ports/payment-intents.js';
import { PaymentsSettings } from './ports/payments-settings.js';

/** What driving an intent came to: its work is recorded, or it must be looked at again later. */
export type DriveResult = 'done' | 'waiting';

/** Between two looks at something the gateway has not done yet (an unpaid order, a settlement). */
const POLL_MS = 60_000;
/** Retries of a failed outside call: 1 s, 2 s, 4 s … up to 5 minutes. */
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 300_000;
/** An order nobody paid is watched for a day, then forgotten (a new checkout reuses the order). */
const FUNDING_WATCH_MS = 24 * 3_600_000;

export const intentIds = {
  fund: (dealId: string, milestoneId: string) => `fund:${dealId}:${milestoneId}`,
  approve: (dealId: string, milestoneId: string, round: number) =>
    `approve:${dealId}:${milestoneId}:${String(round)}`,
  release: (dealId: string, milestoneId: string) => `release:${dealId}:${milestoneId}`,
  settle: (dealId: string, milestoneId: string) => `settle:${dealId}:${milestoneId}`,
  refund: (dealId: string, milestoneId: string) => `refund:${dealId}:${milestoneId}`,
  /** A cancellation's refund, one per proposal (its gateway calls keep the refund's keys). */
  cancellationRefund: (dealId: string, milestoneId: string, proposedAt: Date) =>
    `refund:${dealId}:${milestoneId}:cancel:${String(proposedAt.getTime())}`,
  refundPayment: (paymentId: string) => `refund_payment:${paymentId}`,
} as const;

/** The milestone an intent or a ledger transaction is about: whose, how much, and the fee kept. */
export function refOf(deal: Deal, milestone: Milestone): MilestoneRef {
  return {
    dealId: deal.id,
    milestoneId: milestone.id,
    creatorId: deal.creatorId,
    amountPaise: milestone.amountPaise,
    feePaise: milestone.funding?.feePaise ?? 0,
  };
}

/**
 * The money's engine: drives each intent to its end, fetching the gateway's current state rather
 * than trusting any event, so duplicated, reordered or lost webhooks all converge on one result.
 * Every step is idempotent: the gateway's writes carry the intent's idempotency key, the ledger's
 * transactions are unique by `<action>:<deal>:<milestone>`, the milestone moves are claim-once.
 */
@Injectable()
export class MoneyEngine {
  private readonly logger = new Logger(MoneyEngine.name);

  constructor(
    private readonly deals: DealRepository,
    private readonly moves: MilestoneMoves,
    private readonly ledger: LedgerWriter,
    private readonly gateway: PaymentGateway,
    private readonly intents: PaymentIntents,
    private readonly settings: PaymentsSettings,
    private readonly clock: Clock,
  ) {}

  /** Opens (once) the intent `kind` for a milestone, due now (or at `dueAt`). */
  async openIntent(
    kind: Exclude<IntentKind, 'fund' | 'refund_payment' | 'approve'>,
    deal: Deal,
    milestone: Milestone,
  ): Promise<PaymentIntent> {
    const now = this.clock.now();
    return this.intents.open({
      id: intentIds[kind](deal.id, milestone.id),
      kind,
      ...refOf(deal, milestone),
      createdAt: now,
      nextAttemptAt: now,
    });
  }

  /** Drives one intent once; records the outcome (done, or the next attempt with backoff). */
  async runIntent(intent: PaymentIntent): Promise<DriveResult | 'failed'> {
    const now = this.clock.now();
    try {
      const result = await this.drive(intent);
      if (result === 'done') await this.intents.markDone(intent.id, this.clock.now());
      else if (
        intent.kind === 'fund' &&
        now.getTime() - intent.createdAt.getTime() > FUNDING_WATCH_MS
      ) {
        await this.intents.markDone(intent.id, now);
      } else await this.intents.retryAt(intent.id, new Date(now.getTime() + POLL_MS), 0, null);
      return result;
    } catch (error) {
      const attempts = intent.attempts + 1;
      const delay = Math.min(BACKOFF_BASE_MS * 2 ** Math.min(attempts - 1, 20), BACKOFF_MAX_MS);
      const message = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
      this.logger.warn(
        { intent: intent.id, attempts },
        `Payment intent will be retried: ${message}`,
      );
      await this.intents.retryAt(
        intent.id,
        new Date(now.getTime() + delay),
        attempts,
        message.slice(0, 500),
      );
      return 'failed';
    }
  }

  /** Drives an intent, throwing when the gateway (or the database) fails. */
  async drive(intent: PaymentIntent): Promise<DriveResult> {
    switch (intent.kind) {
      case 'fund':
        return intent.orderId === null ? 'waiting' : this.syncOrder(intent.orderId);
      case 'approve':
        return this.autoApprove(intent);
      case 'release':
        return this.release(intent.dealId, intent.milestoneId);
      case 'settle':
        return this.settle(intent.dealId, intent.milestoneId);
      case 'refund':
        return this.refund(intent.dealId, intent.milestoneId);
      case 'refund_payment':
        return this.refundStrayPayment(intent);
    }
  }

  /**
   * The order's current state at the gateway decides: paid with a captured payment of the
   * milestone's amount and its on-hold transfer to the creator → the milestone is funded (ledger
   * first, then the move). A payment that cannot fund its milestone (the deal is no longer
   * accepted, the milestone was funded otherwise) is refunded automatically.
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
    const share = intent.amountPaise - intent.feePaise;
    const transfers = await this.gateway.fetchPaymentTransfers(payment.id);
    const transfer = transfers.find(
      (item) =>
        item.linkedAccountId === intent.linkedAccountId &&
        item.amountPaise === share &&
        item.status !== 'failed' &&
        item.status !== 'reversed',
    );
    const deal = await this.deals.findById(intent.dealId);
    const milestone = deal?.milestones.find(({ id }) => id === intent.milestoneId);
    // Any other captured payment of the order (paid twice) goes back to the brand.
    for (const other of captured) {
      if (other.id !== payment.id) await this.openStrayRefund(intent, other.id);
    }
    if (!deal || !milestone) return 'done';
    if (milestone.funding?.paymentId === payment.id) {
      await this.ledger.record(
        fundedTransaction(refOf(deal, milestone), milestone.fundedAt ?? this.clock.now()),
      );
      return 'done';
    }
    if (deal.state !== 'accepted' || milestone.state !== 'pending') {
      await this.openStrayRefund(intent, payment.id);
      return 'done';
    }
    if (!transfer) return 'waiting'; // Route creates the transfer on capture: look again
    const at = this.clock.now();
    const funding = {
      attempt: 1,
      orderId,
      paymentId: payment.id,
      transferId: transfer.id,
      feePaise: intent.feePaise,
    };
    await this.ledger.record(fundedTransaction(refOf(deal, { ...milestone, funding }), at));
    try {
      await this.moves.move(
        {
          dealId: deal.id,
          milestoneId: milestone.id,
          action: 'fund',
          by: 'system',
          actor: 'system',
          changes: () => ({ funding, fundedAt: at }),
        },
        'funded',
      );
    } catch (error) {
      if (!(error instanceof MilestoneTransitionRefusedError)) throw error;
      await this.confirmFundedBy(deal.id, milestone.id, payment.id, error);
    }
    return 'done';
  }

  private async confirmFundedBy(
    dealId: string,
    milestoneId: string,
    paymentId: string,
    refused: Error,
  ): Promise<void> {
    {
      // Funded meanwhile by this very payment (a racing worker): the ledger write above was its.
      const now = await this.deals.findById(dealId);
      const current = now?.milestones.find(({ id }) => id === milestoneId);
      if (current?.funding?.paymentId !== paymentId) {
        throw new Error('the milestone moved on while its payment was being recorded', {
          cause: refused,
        });
      }
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
    await this.runIntent(stray);
  }

  /** A payment that funded nothing: its transfer reversed and the payment refunded in full. */
  private async refundStrayPayment(intent: PaymentIntent): Promise<DriveResult> {
    if (intent.paymentId === null) return 'done';
    const payment = await this.gateway.fetchPayment(intent.paymentId);
    for (const transfer of await this.gateway.fetchPaymentTransfers(payment.id)) {
      if (transfer.amountReversedPaise < transfer.amountPaise) {
        await this.gateway.reverseTransfer(
          transfer.id,
          transfer.amountPaise - transfer.amountReversedPaise,
          `reverse:${intent.id}:${transfer.id}`,
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

  /** The brand stayed silent past the approval window: approved by the system (claim-once). */
  private async autoApprove(intent: PaymentIntent): Promise<DriveResult> {
    const deal = await this.deals.findById(intent.dealId);
    const milestone = deal?.milestones.find(({ id }) => id === intent.milestoneId);
    if (!deal || !milestone) return 'done';
    const due = milestone.approvalDueAt;
    if (milestone.state !== 'submitted' || due === null) return 'done';
    if (intent.id !== intentIds.approve(deal.id, milestone.id, milestone.revisionsUsed))
      return 'done';
    if (due.getTime() > this.clock.now().getTime()) return 'waiting';
    try {
      await this.moves.move({
        dealId: deal.id,
        milestoneId: milestone.id,
        action: 'approve',
        by: 'system',
        actor: 'system',
        note: 'Approved automatically: the approval window ended without an answer.',
        changes: (_deal, _milestone, at) => ({ approvedAt: at }),
      });
    } catch (error) {
      if (error instanceof MilestoneTransitionRefusedError) return 'done'; // answered meanwhile
      throw error;
    }
    const released = await this.openIntent('release', deal, milestone);
    await this.runIntent(released);
    return 'done';
  }

  /** Lifts the hold (idempotency key `release:<deal>:<milestone>`), then records it. */
  async release(dealId: string, milestoneId: string): Promise<DriveResult> {
    const deal = await this.deals.findById(dealId);
    const milestone = deal?.milestones.find(({ id }) => id === milestoneId);
    if (!deal || !milestone?.funding?.transferId) return 'done';
    if (milestone.state === 'released' || milestone.state === 'settled') {
      await this.ledger.record(
        releasedTransaction(refOf(deal, milestone), milestone.releasedAt ?? this.clock.now()),
      );
      return 'done';
    }
    if (milestone.state !== 'approved') return 'done';
    await this.gateway.releaseTransfer(
      milestone.funding.transferId,
      intentIds.release(dealId, milestoneId),
    );
    const at = this.clock.now();
    await this.ledger.record(releasedTransaction(refOf(deal, milestone), at));
    const { deal: after, milestone: moved } = await this.moves.move(
      {
        dealId,
        milestoneId,
        action: 'release',
        by: 'system',
        actor: 'system',
        changes: () => ({ releasedAt: at }),
      },
      'released',
    );
    const settle = await this.openIntent('settle', after, moved);
    await this.runIntent(settle);
    return 'done';
  }

  /** Records the settlement once the gateway reports the transfer settled. */
  async settle(dealId: string, milestoneId: string): Promise<DriveResult> {
    const deal = await this.deals.findById(dealId);
    const milestone = deal?.milestones.find(({ id }) => id === milestoneId);
    if (!deal || !milestone?.funding?.transferId) return 'done';
    if (milestone.state === 'settled') {
      await this.ledger.record(
        settledTransaction(refOf(deal, milestone), milestone.settledAt ?? this.clock.now()),
      );
      await this.moves.completeIfSettled(dealId);
      return 'done';
    }
    if (milestone.state !== 'released') return 'done';
    const transfer = await this.gateway.fetchTransfer(milestone.funding.transferId);
    if (transfer.settlementStatus !== 'settled') return 'waiting';
    const at = this.clock.now();
    await this.ledger.record(settledTransaction(refOf(deal, milestone), at));
    await this.moves.move(
      {
        dealId,
        milestoneId,
        action: 'settle',
        by: 'system',
        actor: 'system',
        changes: () => ({ settledAt: at }),
      },
      'settled',
    );
    await this.moves.completeIfSettled(dealId);
    return 'done';
  }

  /**
   * Returns a funded milestone's money to the brand: the transfer reversed, the payment refunded
   * (each with its own idempotency key), then the ledger and the move. For a dispute decided
   * "refund", or a funded milestone of a deal that was cancelled.
   */
  async refund(dealId: string, milestoneId: string): Promise<DriveResult> {
    const deal = await this.deals.findById(dealId);
    const milestone = deal?.milestones.find(({ id }) => id === milestoneId);
    if (!deal || !milestone?.funding?.paymentId) return 'done';
    if (milestone.state === 'refunded') {
      await this.ledger.record(
        refundedTransaction(refOf(deal, milestone), milestone.refundedAt ?? this.clock.now()),
      );
      return 'done';
    }
    const decided =
      milestone.state === 'disputed' && milestone.dispute?.resolution?.decision === 'refund';
    const cancelled = milestone.state === 'funded' && deal.state === 'cancelled';
    if (!decided && !cancelled) {
      // Agreeing to a cancellation writes its refund intents before it claims the deal: while
      // the proposal is open the agreement may be on its way, so look again; otherwise (the
      // proposal declined, withdrawn or lost its race) there is nothing to refund.
      const pending =
        milestone.state === 'funded' && deal.state === 'accepted' && deal.cancellation;
      return pending ? 'waiting' : 'done';
    }
    const { transferId, paymentId } = milestone.funding;
    const share = milestone.amountPaise - milestone.funding.feePaise;
    if (transferId !== null) {
      const transfer = await this.gateway.fetchTransfer(transferId);
      if (transfer.amountReversedPaise < share) {
        await this.gateway.reverseTransfer(
          transferId,
          share - transfer.amountReversedPaise,
          `reverse:${dealId}:${milestoneId}`,
        );
      }
    }
    const payment = await this.gateway.fetchPayment(paymentId);
    if (payment.amountRefundedPaise < milestone.amountPaise) {
      await this.gateway.refundPayment(
        paymentId,
        milestone.amountPaise - payment.amountRefundedPaise,
        intentIds.refund(dealId, milestoneId),
      );
    }
    const at = this.clock.now();
    await this.ledger.record(refundedTransaction(refOf(deal, milestone), at));
    await this.moves.move(
      {
        dealId,
        milestoneId,
        action: 'refund',
        by: 'system',
        actor: 'system',
        changes: () => ({ refundedAt: at }),
      },
      'refunded',
    );
    return 'done';
  }

  /**
   * A transfer event: the transfer's notes name its milestone (set when the order was created);
   * the milestone is then synced (funded from its order, settled once the gateway says so).
   */
  async syncTransfer(transferId: string): Promise<void> {
    const transfer = await this.gateway.fetchTransfer(transferId);
    const dealId = transfer.notes.dealId;
    const milestoneId = transfer.notes.milestoneId;
    if (dealId === undefined || milestoneId === undefined) return;
    const deal = await this.deals.findById(dealId);
    const milestone = deal?.milestones.find(({ id }) => id === milestoneId);
    if (!deal || !milestone || milestone.funding?.transferId !== transferId) {
      const intent = await this.intents.find(intentIds.fund(dealId, milestoneId));
      if (intent?.orderId) await this.syncOrder(intent.orderId);
      return;
    }
    if (milestone.state === 'released') await this.settle(dealId, milestoneId);
  }

  /** The approval-window day's length (a real day outside tests). */
  get approvalDayMs(): number {
    return this.settings.approvalDayMs;
  }
}
