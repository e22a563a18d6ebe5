import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { Invoicing } from '../application/invoicing.use-cases.js';

export const INVOICES_WORKER_INTERVAL_MS = 2_000;

/**
 * Runs in every instance: follows the ledger's `released` and `settled` transactions and retries
 * invoices still to be issued (a failed render). Every step is claim-once or idempotent, so two
 * instances on the same transaction still make one invoice with one serial.
 */
@Injectable()
export class InvoicesWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(InvoicesWorker.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly invoicing: Invoicing,
    private readonly database: DatabaseReady,
  ) {}

  onApplicationBootstrap(): void {
    void this.database.whenReady().then(() => {
      if (this.stopped) return;
      this.timer = setInterval(() => {
        this.tick();
      }, INVOICES_WORKER_INTERVAL_MS).unref();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running || this.stopped) return;
    this.running = this.invoicing
      .tick()
      .catch((error: unknown) => {
        this.logger.warn(
          `Invoices pass failed (${error instanceof Error ? error.name : 'unknown error'}); the next pass resumes it`,
        );
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}
