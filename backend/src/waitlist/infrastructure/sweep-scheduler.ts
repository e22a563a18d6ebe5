import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  private stopped = false;

  constructor(
    private readonly sweep: SweepUnconfirmedEntries,
    private readonly database: DatabaseReady,
  ) {}

  /** The first sweep is scheduled once the database connection has opened. */
  onApplicationBootstrap(): void {
    void this.database.whenReady().then(() => {
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.stopped) return;
    const first = Math.floor(Math.random() * SWEEP_INTERVAL_MS);
    this.timer = setTimeout(() => {
      this.tick();
      this.timer = setInterval(() => {
        this.tick();
      }, SWEEP_INTERVAL_MS).unref();
    }, first).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.sweep
      .execute()
      .catch((error: unknown) => {
        this.logger.warn(`Sweep of unconfirmed waitlist entries failed: ${String(error)}`);
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}
