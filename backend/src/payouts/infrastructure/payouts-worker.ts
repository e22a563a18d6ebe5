import { Injectable } from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { PeriodicJob } from '../../common/infrastructure/periodic-job.js';
import { LinkedAccountSync } from '../application/payout-profiles.use-case.js';
import { PayoutsSettings } from '../application/ports/payouts-settings.js';

/**
 * Every instance, every PAYOUT_WORKER_INTERVAL_MS once the database is open: creates the linked
 * accounts whose creation failed and follows the pending ones until the gateway activates or
 * refuses them. Each profile is claimed by one instance per round. A failed round is logged and
 * the next one resumes it; the timer never keeps the process alive.
 */
@Injectable()
export class PayoutsWorker extends PeriodicJob {
  constructor(
    private readonly sync: LinkedAccountSync,
    private readonly settings: PayoutsSettings,
    database: DatabaseReady,
  ) {
    super(database, { name: 'Payout profiles', each: 'round' });
  }

  protected intervalMs(): number {
    return this.settings.workerIntervalMs;
  }

  /** One round now (tests call it instead of waiting for the timer). */
  runOnce(): Promise<number> {
    return this.sync.runRound();
  }
}
