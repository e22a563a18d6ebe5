import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { RepeatingTask } from '../../common/application/repeating-task.js';
import { RETENTION_INTERVAL_MS, RunRetention } from '../application/run-retention.use-case.js';

/** The first run comes within this of the database opening (instances started together spread). */
const FIRST_RUN_WITHIN_MS = 60_000;

/**
 * Runs the retention job in every instance every RETENTION_INTERVAL_MS, once the database is
 * open (one instance per window does the work). A failed run is logged and tried again at the
 * next tick; the timers never keep the process alive (RepeatingTask, unref).
 */
@Injectable()
export class RetentionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionScheduler.name);
  private readonly task = new RepeatingTask({
    run: async () => {
      await this.job.execute();
      return RETENTION_INTERVAL_MS;
    },
    onError: (error) => {
      this.logger.warn(
        `Retention run failed (${error instanceof Error ? error.name : 'unknown error'}); the next run resumes it`,
      );
      return RETENTION_INTERVAL_MS;
    },
    unref: true,
  });

  constructor(
    private readonly job: RunRetention,
    private readonly database: DatabaseReady,
  ) {}

  onApplicationBootstrap(): void {
    const dueAt = this.job.waitlistDueAt();
    this.logger.log(
      dueAt
        ? `Waitlist entries are erased from ${dueAt.toISOString()} (LAUNCH_DATE + retention)`
        : 'LAUNCH_DATE is not set: no waitlist entry is erased for retention',
    );
    void this.database.whenReady().then(() => {
      this.task.start(Math.floor(Math.random() * FIRST_RUN_WITHIN_MS));
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }
}
