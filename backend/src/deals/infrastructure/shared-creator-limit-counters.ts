import { Injectable } from '@nestjs/common';
import { CountHit } from '../../rate-limit/rate-limit.contract.js';
import {
  CreatorLimitCounters,
  type CreatorLimitDecision,
} from '../application/ports/creator-limit-counters.js';
import type { CreatorLimit } from '../domain/creator-limits.js';

/** The creators' limits as counters of the shared rate-limit store (rate_limit_hits, ADR 0014). */
@Injectable()
export class SharedCreatorLimitCounters extends CreatorLimitCounters {
  constructor(private readonly countHit: CountHit) {
    super();
  }

  async hit(limit: CreatorLimit, subject: string): Promise<CreatorLimitDecision> {
    const decision = await this.countHit.execute(
      `${limit.name}:${subject}`,
      limit.windowMs,
      limit.limit,
    );
    return { allowed: !decision.isBlocked, retryAfterSeconds: decision.secondsUntilReset };
  }
}
