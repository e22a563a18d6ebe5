import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { DatabaseReady } from '../../common/application/database-ready.js';
import { PeriodicJob } from '../../common/infrastructure/periodic-job.js';
import { FollowDealHistory, SendDueReminders } from '../application/follow-deal-history.js';
import { NotificationsSettings } from '../application/notifications-settings.js';

/**
 * Every instance, every interval once the database is open: follows the deals' history into
 * notices, then sends the reminders due. Each delivery is claimed once, so any number of
 * instances may run it; a failed pass is logged and the next resumes it.
 */
@Injectable()
export class NotificationsWorker extends PeriodicJob {
  constructor(
    private readonly follower: FollowDealHistory,
    private readonly reminders: SendDueReminders,
    private readonly settings: NotificationsSettings,
    private readonly clock: Clock,
    database: DatabaseReady,
  ) {
    super(database, { name: 'Notifications', each: 'pass' });
  }

  protected intervalMs(): number {
    return this.settings.workerIntervalMs;
  }

  /**
   * The feed's starting point is set the moment the database opens: a deal changed before the
   * first pass (one interval later) is news, not history from before the notifications.
   */
  protected override async prepare(): Promise<void> {
    await this.follower.open();
  }

  /** One pass now (tests call it instead of waiting for the timer). */
  async runOnce(): Promise<{ changes: number; reminders: number }> {
    const changes = await this.follower.pass();
    const reminders = await this.reminders.pass(this.clock.now());
    return { changes, reminders };
  }
}
