import { Injectable } from '@nestjs/common';
import { CountHit } from '../../rate-limit/rate-limit.contract.js';
import { CodeSendLimits, type LimitDecision } from '../application/ports/code-send-limits.js';
import type { CodeLimit } from '../domain/code-limits.js';

/** The code limits as counters of the shared rate-limit store (rate_limit_hits, ADR 0014). */
@Injectable()
export class SharedCodeSendLimits extends CodeSendLimits {
  constructor(private readonly countHit: CountHit) {
    super();
  }

  async hit(limit: CodeLimit, subject: string): Promise<LimitDecision> {
    const decision = await this.countHit.execute(
      `${limit.name}:${subject}`,
      limit.windowMs,
      limit.limit,
    );
    return { allowed: !decision.isBlocked, retryAfterSeconds: decision.secondsUntilReset };
  }
}
