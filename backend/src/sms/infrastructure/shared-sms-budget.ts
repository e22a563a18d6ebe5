import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { CountHit } from '../../rate-limit/rate-limit.contract.js';
import { SmsBudget, type SmsBudgetDecision } from '../sms.contract.js';
import { MongoSmsBudgetAlerts } from './mongo-sms-budget-alerts.js';

export const SMS_BUDGET_KEY = 'sms-budget:global';
const HOUR_MS = 3_600_000;

/** The hourly SMS budget as one counter of the shared rate-limit store (every instance's SMS). */
@Injectable()
export class SharedSmsBudget extends SmsBudget {
  constructor(
    private readonly countHit: CountHit,
    private readonly alerts: MongoSmsBudgetAlerts,
    private readonly clock: Clock,
    private readonly hourlyBudget: number,
  ) {
    super();
  }

  async spend(): Promise<SmsBudgetDecision> {
    const decision = await this.countHit.execute(SMS_BUDGET_KEY, HOUR_MS, this.hourlyBudget);
    if (!decision.isBlocked) return { allowed: true, retryAfterSeconds: 0 };
    await this.alerts.record(this.clock.now());
    return { allowed: false, retryAfterSeconds: decision.secondsUntilReset };
  }
}
