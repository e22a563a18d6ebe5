import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { PeriodicJob } from '../../common/infrastructure/periodic-job.js';
import { MoneyEngine } from '../application/money-engine.js';
import { ProcessWebhook } from '../application/process-webhook.use-case.js';
import { PaymentIntents } from '../application/ports/payment-intents.js';
import { PaymentsSettings } from '../application/ports/payments-settings.js';
import { Reconcile } from '../application/reconcile.use-case.js';

const BATCH = 50;

/**
 * Runs in every instance: every PAYMENTS_WORKER_INTERVAL_MS it drives the due intents (funding
 * watches, auto-approvals, releases, settlements, refunds) and re-processes stored webhooks a
 * crash left behind; every PAYMENTS_RECONCILIATION_INTERVAL_MS one instance reconciles. An intent
 * is leased to one instance at a time (best effort: every step is idempotent, so two instances on
 * one intent still move money once). The timers never keep the process alive.
 */
@Injectable()
export class PaymentsWorker extends PeriodicJob {
  constructor(
    private readonly intents: PaymentIntents,
    private readonly engine: MoneyEngine,
    private readonly webhooks: ProcessWebhook,
    private readonly reconcile: Reconcile,
    private readonly settings: PaymentsSettings,
    database: DatabaseReady,
    private readonly clock: Clock,
  ) {
    super(database, { name: 'Payments', each: 'pass' });
  }

  protected intervalMs(): number {
    return this.settings.workerIntervalMs;
  }

  /** One pass: the due intents, the stored-but-unprocessed webhooks, the reconciliation if due. */
  async runOnce(): Promise<number> {
    let driven = 0;
    const now = this.clock.now();
    for (const intent of await this.intents.due(now, BATCH)) {
      if (this.stopped) break;
      // The lease runs from when this intent is taken, not from the start of the pass.
      const at = this.clock.now();
      const until = new Date(at.getTime() + this.settings.intentLeaseMs);
      if (!(await this.intents.lease(intent.id, at, until))) continue;
      await this.engine.runIntent(intent);
      driven += 1;
    }
    await this.webhooks.retryUnprocessed(BATCH).catch(() => 0);
    await this.reconcile.runIfDue().catch((error: unknown) => {
      this.logger.warn(`Reconciliation failed (${error instanceof Error ? error.name : 'error'})`);
    });
    return driven;
  }
}
