import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly sync: LinkedAccountSync,
    private readonly settings: PayoutsSettings,
    private readonly database: DatabaseReady,
  ) {}

  onApplicationBootstrap(): void {
    void this.database.whenReady().then(() => {
      if (this.stopped) return;
      this.timer = setInterval(() => {
        this.tick();
      }, this.settings.workerIntervalMs).unref();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One round now (tests call it instead of waiting for the timer). */
  runOnce(): Promise<number> {
    return this.sync.runRound();
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.sync
      .runRound()
      .catch((error: unknown) => {
        this.logger.warn(
          `Payout profiles round failed (${error instanceof Error ? error.name : 'unknown error'}); the next round resumes it`,
        );
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}
