import { Injectable } from '@nestjs/common';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { PeriodicJob } from '../../common/infrastructure/periodic-job.js';
import {
  RETENTION_INTERVAL_MS,
  type RetentionResult,
  RunRetention,
} from '../application/run-retention.use-case.js';

/** The first run comes within this of the database opening (instances started together spread). */
const FIRST_RUN_WITHIN_MS = 60_000;

/**
 * Runs the retention job in every instance every RETENTION_INTERVAL_MS, once the database is
 * open (one instance per window does the work). A failed run is logged and tried again at the
 * next tick; the timers never keep the process alive (PeriodicJob).
 */
@Injectable()
export class RetentionScheduler extends PeriodicJob {
  constructor(
    private readonly job: RunRetention,
    database: DatabaseReady,
  ) {
    super(database, { name: 'Retention', each: 'run' });
  }

  override onApplicationBootstrap(): void {
    const dueAt = this.job.waitlistDueAt();
    this.logger.log(
      dueAt
        ? `Waitlist entries are erased from ${dueAt.toISOString()} (LAUNCH_DATE + retention)`
        : 'LAUNCH_DATE is not set: no waitlist entry is erased for retention',
    );
    super.onApplicationBootstrap();
  }

  runOnce(): Promise<RetentionResult> {
    return this.job.execute();
  }

  protected intervalMs(): number {
    return RETENTION_INTERVAL_MS;
  }

  protected override firstDelayMs(): number {
    return Math.floor(Math.random() * FIRST_RUN_WITHIN_MS);
  }
}
