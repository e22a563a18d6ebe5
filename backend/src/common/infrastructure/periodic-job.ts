import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DatabaseReady } from '../application/database-ready.js';
import { RepeatingTask } from '../application/repeating-task.js';

/** How a run is named in the log: `{ name: 'Payments', each: 'pass' }` → "Payments pass failed …". */
export interface PeriodicJobRun {
  readonly name: string;
  readonly each: 'pass' | 'run' | 'round';
}

/**
 * A job every instance runs every `intervalMs()` once the database is open (the payments,
 * invoices and payouts workers, the retention scheduler); claiming the work once across
 * instances is the job's business. A failed run is logged by the error's name only (a driver's
 * message may quote personal data) and the next run resumes it; the timers never keep the
 * process alive; shutdown waits for the run in flight.
 */
export abstract class PeriodicJob implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private readonly task = new RepeatingTask({
    run: async () => {
      await this.runOnce();
      return this.intervalMs();
    },
    onError: (error) => {
      this.logFailure(error);
      return this.intervalMs();
    },
    unref: true,
  });

  protected constructor(
    private readonly database: DatabaseReady,
    private readonly run: PeriodicJobRun,
  ) {}

  /** One run now (the timer's; tests may call it instead of waiting). */
  abstract runOnce(): Promise<unknown>;

  /** How long after a run (or a failed one) the next comes. */
  protected abstract intervalMs(): number;

  /** When the first run comes after the database opens: one interval unless overridden. */
  protected firstDelayMs(): number {
    return this.intervalMs();
  }

  /**
   * What must hold as soon as the database opens, before the first run (a follower's starting
   * point); a failure is logged as a failed run and the timer starts anyway.
   */
  protected async prepare(): Promise<void> {}

  /** Stopped for good: a run in flight stops taking new work. */
  protected get stopped(): boolean {
    return this.task.stopped;
  }

  private logFailure(error: unknown): void {
    const { name, each } = this.run;
    this.logger.warn(
      `${name} ${each} failed (${error instanceof Error ? error.name : 'unknown error'}); the next ${each} resumes it`,
    );
  }

  onApplicationBootstrap(): void {
    void this.database.whenReady().then(async () => {
      await this.prepare().catch((error: unknown) => {
        this.logFailure(error);
      });
      this.task.start(this.firstDelayMs());
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }
}
