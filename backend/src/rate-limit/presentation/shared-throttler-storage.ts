import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { CountHit } from '../application/count-hit.use-case.js';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * @nestjs/throttler's storage, counting in the store every instance shares (CountHit), so a
 * client's budget holds whichever instance serves it. When the store cannot be reached the
 * error propagates: the guard answers 503 DATABASE_UNAVAILABLE (ADR 0014).
 */
@Injectable()
export class SharedThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly countHit: CountHit) {}

  /**
   * `blockDuration` is not used: the module never sets it, so the guard passes the window's
   * length, and a client over its limit stays blocked until its window ends.
   */
  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const decision = await this.countHit.execute(key, ttl, limit);
    return {
      totalHits: decision.totalHits,
      timeToExpire: decision.secondsUntilReset,
      isBlocked: decision.isBlocked,
      timeToBlockExpire: decision.isBlocked ? decision.secondsUntilReset : 0,
    };
  }
}
