import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { RepeatingTask } from '../../common/application/repeating-task.js';
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
  private readonly task = new RepeatingTask({
    run: async () => {
      await this.invoicing.tick();
      return INVOICES_WORKER_INTERVAL_MS;
    },
    onError: (error) => {
      this.logger.warn(
        `Invoices pass failed (${error instanceof Error ? error.name : 'unknown error'}); the next pass resumes it`,
      );
      return INVOICES_WORKER_INTERVAL_MS;
    },
    unref: true,
  });

  constructor(
    private readonly invoicing: Invoicing,
    private readonly database: DatabaseReady,
  ) {}

  onApplicationBootstrap(): void {
    void this.database.whenReady().then(() => {
      this.task.start(INVOICES_WORKER_INTERVAL_MS);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }
}
