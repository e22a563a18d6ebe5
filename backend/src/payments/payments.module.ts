import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditLogModule } from '../admin/index.js';
import { UsersModule } from '../users/index.js';
import { AuthModule } from '../auth/index.js';
import { fromConfig } from '../config/config.module.js';
import { DealsModule } from '../deals/index.js';
import { LedgerModule } from '../ledger/index.js';
import { LinkTokensModule } from '../link-tokens/index.js';
import { MailModule } from '../mail/index.js';
import { PaymentGatewayModule } from '../payment-gateway/index.js';
import { PayoutsModule } from '../payouts/index.js';
import { DealCancellations } from './application/deal-cancellations.use-case.js';
import { AdminDisputes } from './application/disputes.use-case.js';
import { MilestoneActions } from './application/milestone-actions.use-case.js';
import { ClaimRetryTiming } from './application/claim-retry.js';
import { MilestoneMoves } from './application/milestone-moves.js';
import { MoneyEngine } from './application/money-engine.js';
import { PaymentIntents } from './application/ports/payment-intents.js';
import { PaymentsSettings } from './application/ports/payments-settings.js';
import { MoneyDeals } from './application/ports/money-deals.js';
import { WebhookInbox } from './application/ports/webhook-inbox.js';
import { ProcessWebhook } from './application/process-webhook.use-case.js';
import { Reconcile } from './application/reconcile.use-case.js';
import { DealsMoneyDeals } from './infrastructure/deals-money-deals.js';
import {
  MongoPaymentIntents,
  PaymentIntentRecord,
  PaymentIntentSchema,
} from './infrastructure/mongo-payment-intents.js';
import {
  MongoWebhookInbox,
  WebhookEventRecord,
  WebhookEventSchema,
} from './infrastructure/mongo-webhook-inbox.js';
import { PaymentsWorker } from './infrastructure/payments-worker.js';
import { PaymentsSummaryModule } from './payments-summary.module.js';
import { AdminPaymentsController } from './presentation/admin-payments.controller.js';
import { BrandCancellationController } from './presentation/brand-cancellation.controller.js';
import { BrandMilestonesController } from './presentation/brand-milestones.controller.js';
import { CreatorCancellationController } from './presentation/creator-cancellation.controller.js';
import { CreatorMilestonesController } from './presentation/creator-milestones.controller.js';
import { PaymentsGatewayController } from './presentation/payments-gateway.controller.js';

/**
 * Milestone money (#26, ADRs 0042–0043): funding through the gateway's checkout, the signed
 * webhooks, the milestones' moves, releases, settlements and refunds driven by a write-ahead
 * intent log, the ledger, disputes and the reconciliation. Paylock never holds the money: the
 * PaymentGateway port's adapter (Razorpay Route, or the local gateway) does; the payment-gateway
 * module binds it, the payouts module answers for the creators' linked accounts (ADR 0062).
 */
@Module({
  imports: [
    AuthModule,
    DealsModule,
    LedgerModule,
    LinkTokensModule,
    MailModule,
    AuditLogModule,
    PaymentsSummaryModule,
    PaymentGatewayModule,
    PayoutsModule,
    UsersModule,
    MongooseModule.forFeature([
      { name: PaymentIntentRecord.name, schema: PaymentIntentSchema },
      { name: WebhookEventRecord.name, schema: WebhookEventSchema },
    ]),
  ],
  controllers: [
    CreatorMilestonesController,
    BrandMilestonesController,
    CreatorCancellationController,
    BrandCancellationController,
    PaymentsGatewayController,
    AdminPaymentsController,
  ],
  providers: [
    MilestoneMoves,
    { provide: ClaimRetryTiming, useValue: new ClaimRetryTiming() },
    MoneyEngine,
    MilestoneActions,
    DealCancellations,
    ProcessWebhook,
    AdminDisputes,
    Reconcile,
    PaymentsWorker,
    { provide: PaymentIntents, useClass: MongoPaymentIntents },
    { provide: WebhookInbox, useClass: MongoWebhookInbox },
    { provide: MoneyDeals, useClass: DealsMoneyDeals },
    fromConfig(
      PaymentsSettings,
      ({ payments, auth }) =>
        new PaymentsSettings(
          payments.feeBasisPoints,
          auth.publicUrl,
          payments.workerIntervalMs,
          payments.approvalDayMs,
          payments.reconciliationIntervalMs,
          payments.intentLeaseMs,
        ),
    ),
  ],
  exports: [PaymentsWorker, MoneyEngine],
})
export class PaymentsModule {}
