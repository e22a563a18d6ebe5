import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { RepeatingTask } from '../../common/application/repeating-task.js';
import {
  SWEEP_INTERVAL_MS,
  SweepUnconfirmedEntries,
} from '../application/sweep-unconfirmed-entries.js';

/**
 * Runs the sweep of unconfirmed entries in every instance, every SWEEP_INTERVAL_MS, the first one
 * after a random part of an interval so that instances started together do not all try at once
 * (one of them wins each window's slot anyway). A failed sweep (database down) is logged and
 * tried again at the next tick. The timer never keeps the process alive.
 */
@Injectable()
export class SweepScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SweepScheduler.name);
  private readonly task = new RepeatingTask({
    run: async () => {
      await this.sweep.execute();
      return SWEEP_INTERVAL_MS;
    },
    onError: (error) => {
      this.logger.warn(`Sweep of unconfirmed waitlist entries failed: ${String(error)}`);
      return SWEEP_INTERVAL_MS;
    },
    unref: true,
  });

  constructor(
    private readonly sweep: SweepUnconfirmedEntries,
    private readonly database: DatabaseReady,
  ) {}

  /** The first sweep is scheduled once the database connection has opened. */
  onApplicationBootstrap(): void {
    void this.database.whenReady().then(() => {
      this.task.start(Math.floor(Math.random() * SWEEP_INTERVAL_MS));
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }
}
