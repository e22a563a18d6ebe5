import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { CountHit } from '../../rate-limit/rate-limit.contract.js';
import {
  halfBudgetMark,
  type SmsBudgetPool,
  type SmsBudgetShares,
  smsBudgetShares,
} from '../domain/sms-budget-shares.js';
import { SmsBudget, type SmsBudgetDecision } from '../sms.contract.js';
import { MongoSmsBudgetAlerts } from './mongo-sms-budget-alerts.js';

export const SMS_BUDGET_KEY = 'sms-budget:global';
const POOL_KEYS: Readonly<Record<SmsBudgetPool, string>> = {
  general: SMS_BUDGET_KEY,
  knownNumbers: 'sms-budget:known-numbers',
  challenged: 'sms-budget:challenged',
};
const HOUR_MS = 3_600_000;

/**
 * The hourly SMS budget as counters of the shared rate-limit store (every instance's SMS), one
 * per share. The general share alerts admins (the overview, and a warning in the log) when its
 * SMS reach half the hourly budget, and when it refuses one.
 */
@Injectable()
export class SharedSmsBudget extends SmsBudget {
  private readonly logger = new Logger(SharedSmsBudget.name);
  private readonly shares: SmsBudgetShares;

  constructor(
    private readonly countHit: CountHit,
    private readonly alerts: MongoSmsBudgetAlerts,
    private readonly clock: Clock,
    private readonly hourlyBudget: number,
  ) {
    super();
    this.shares = smsBudgetShares(hourlyBudget);
  }

  async spend(pool: SmsBudgetPool): Promise<SmsBudgetDecision> {
    const decision = await this.countHit.execute(POOL_KEYS[pool], HOUR_MS, this.shares[pool]);
    const now = this.clock.now();
    if (!decision.isBlocked) {
      // Each hit number is handed out once across instances: one alert per hour.
      if (pool === 'general' && decision.totalHits === halfBudgetMark(this.hourlyBudget)) {
        this.logger.warn(`Half the hourly SMS budget (${String(this.hourlyBudget)}) is spent`);
        await this.alerts.recordHalfSpent(now);
      }
      return { allowed: true, retryAfterSeconds: 0 };
    }
    if (pool === 'general') {
      const until = new Date(now.getTime() + decision.secondsUntilReset * 1000);
      await this.alerts.recordExhausted(now, until);
    }
    return { allowed: false, retryAfterSeconds: decision.secondsUntilReset };
  }

  async generalSpent(): Promise<boolean> {
    const { exhaustedUntil } = await this.alerts.state();
    return exhaustedUntil !== null && exhaustedUntil > this.clock.now();
  }
}
