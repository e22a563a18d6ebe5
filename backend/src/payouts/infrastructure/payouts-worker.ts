import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { RepeatingTask } from '../../common/application/repeating-task.js';
import { LinkedAccountSync } from '../application/payout-profiles.use-cases.js';
import { PayoutsSettings } from '../application/ports/payouts-settings.js';

/**
 * Every instance, every PAYOUT_WORKER_INTERVAL_MS once the database is open: creates the linked
 * accounts whose creation failed and follows the pending ones until the gateway activates or
 * refuses them. Each profile is claimed by one instance per round. A failed round is logged and
 * the next one resumes it; the timer never keeps the process alive.
 */
@Injectable()
export class PayoutsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PayoutsWorker.name);
  private readonly task = new RepeatingTask({
    run: async () => {
      await this.sync.runRound();
      return this.settings.workerIntervalMs;
    },
    onError: (error) => {
      this.logger.warn(
        `Payout profiles round failed (${error instanceof Error ? error.name : 'unknown error'}); the next round resumes it`,
      );
      return this.settings.workerIntervalMs;
    },
    unref: true,
  });

  constructor(
    private readonly sync: LinkedAccountSync,
    private readonly settings: PayoutsSettings,
    private readonly database: DatabaseReady,
  ) {}

  onApplicationBootstrap(): void {
    void this.database.whenReady().then(() => {
      this.task.start(this.settings.workerIntervalMs);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }

  /** One round now (tests call it instead of waiting for the timer). */
  runOnce(): Promise<number> {
    return this.sync.runRound();
  }
}
