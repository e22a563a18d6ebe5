import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { type Deal, DealMoves, type Milestone, moneyStepOf } from '../../deals/deals.contract.js';
import { LedgerWriter } from '../../ledger/ledger.contract.js';
import { intentIds } from '../domain/money-keys.js';
import { refOf } from '../domain/money-transactions.js';
import { FundingSync } from './funding-sync.js';
import {
  dealAndMilestone,
  type DriveResult,
  type IntentChain,
  type IntentHandler,
} from './intent-handlers.js';
import { MilestoneMoves } from './milestone-moves.js';
import { PaymentGateway } from './ports/payment-gateway.port.js';
import { type IntentKind, type PaymentIntent, PaymentIntents } from './ports/payment-intents.js';
import { PaymentsSettings } from './ports/payments-settings.js';
import { SystemMoneyMoves } from './system-money-moves.js';

export type { DriveResult } from './intent-handlers.js';

/** Between two looks at something the gateway has not done yet (an unpaid order, a settlement). */
const POLL_MS = 60_000;
/** Retries of a failed outside call: 1 s, 2 s, 4 s … up to 5 minutes. */
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 300_000;
/** An order nobody paid is watched for a day, then forgotten (a new checkout reuses the order). */
const FUNDING_WATCH_MS = 24 * 3_600_000;

/**
 * The money's engine: drives each intent to its end, fetching the gateway's current state rather
 * than trusting any event, so duplicated, reordered or lost webhooks all converge on one result.
 * A dispatcher: one handler per intent kind, each asking the lifecycle (deals' milestone.ts)
 * whether its move is due; the engine itself decides no state. Every step is idempotent (the
 * gateway's writes carry the intent's key, the ledger's transactions are unique by their event
 * key, the milestone moves are claim-once).
 */
@Injectable()
export class MoneyEngine {
  private readonly logger = new Logger(MoneyEngine.name);
  private readonly funding: FundingSync;
  private readonly system: SystemMoneyMoves;
  private readonly handlers: Readonly<Record<IntentKind, IntentHandler>>;

  constructor(
    private readonly deals: DealMoves,
    moves: MilestoneMoves,
    ledger: LedgerWriter,
    private readonly gateway: PaymentGateway,
    private readonly intents: PaymentIntents,
    private readonly settings: PaymentsSettings,
    private readonly clock: Clock,
  ) {
    const chain: IntentChain = {
      openAndRun: async (kind, deal, milestone) => {
        await this.runIntent(await this.openIntent(kind, deal, milestone));
      },
      run: async (intent) => {
        await this.runIntent(intent);
      },
    };
    this.funding = new FundingSync(deals, moves, ledger, gateway, intents, clock, chain);
    this.system = new SystemMoneyMoves(deals, moves, ledger, gateway, clock, chain);
    this.handlers = {
      fund: async ({ orderId }) => (orderId === null ? 'waiting' : this.syncOrder(orderId)),
      approve: (intent) => this.system.autoApprove(intent),
      release: ({ dealId, milestoneId }) => this.system.drive('release', dealId, milestoneId),
      settle: ({ dealId, milestoneId }) => this.system.drive('settle', dealId, milestoneId),
      refund: ({ dealId, milestoneId }) => this.system.drive('refund', dealId, milestoneId),
      refund_payment: (intent) => this.funding.refundStrayPayment(intent),
    };
  }

  /** Opens (once) the intent `kind` for a milestone, due now. */
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

  /** Drives an intent by its kind's handler, throwing when the gateway (or the database) fails. */
  async drive(intent: PaymentIntent): Promise<DriveResult> {
    return this.handlers[intent.kind](intent);
  }

  /** The order's current state at the gateway decides the milestone's funding (FundingSync). */
  async syncOrder(orderId: string): Promise<DriveResult> {
    return this.funding.syncOrder(orderId);
  }

  /**
   * A transfer event: the transfer's notes name its milestone (set when the order was created);
   * the milestone is then synced (funded from its order, settled once the gateway says so).
   */
  async syncTransfer(transferId: string): Promise<void> {
    const transfer = await this.gateway.fetchTransfer(transferId);
    const { dealId, milestoneId } = transfer.notes;
    if (dealId === undefined || milestoneId === undefined) return;
    const found = await dealAndMilestone(this.deals, dealId, milestoneId);
    if (found?.milestone.funding?.transferId !== transferId) {
      const intent = await this.intents.find(intentIds.fund(dealId, milestoneId));
      if (intent?.orderId) await this.syncOrder(intent.orderId);
      return;
    }
    if (moneyStepOf(found.deal, found.milestone, 'settle') === 'due') {
      await this.system.drive('settle', dealId, milestoneId);
    }
  }

  /** The approval-window day's length (a real day outside tests). */
  get approvalDayMs(): number {
    return this.settings.approvalDayMs;
  }
}
