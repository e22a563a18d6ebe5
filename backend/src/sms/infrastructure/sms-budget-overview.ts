import { Clock } from '../../common/application/clock.js';
import { SmsOutboxStore } from '../application/ports/sms-outbox.store.js';
import { SmsBudgetAlerts, type SmsBudgetStatus } from '../sms.contract.js';
import type { MongoSmsBudgetAlerts } from './mongo-sms-budget-alerts.js';

const HOUR_MS = 3_600_000;

/** The admin overview's SMS figures: the budget, what went out this hour, its last alerts. */
export class SmsBudgetOverview extends SmsBudgetAlerts {
  constructor(
    private readonly alerts: MongoSmsBudgetAlerts,
    private readonly store: SmsOutboxStore,
    private readonly clock: Clock,
    private readonly hourlyBudget: number,
  ) {
    super();
  }

  async status(): Promise<SmsBudgetStatus> {
    const now = this.clock.now().getTime();
    const [{ lastExhaustedAt, lastHalfSpentAt }, sentLastHour] = await Promise.all([
      this.alerts.state(),
      this.store.countSentSince(new Date(now - HOUR_MS)),
    ]);
    return {
      hourlyBudget: this.hourlyBudget,
      sentLastHour,
      lastExhaustedAt,
      exhausted: lastExhaustedAt !== null && now - lastExhaustedAt.getTime() < HOUR_MS,
      lastHalfSpentAt,
    };
  }
}
