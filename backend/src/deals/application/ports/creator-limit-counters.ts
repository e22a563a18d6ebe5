import type { CreatorLimit } from '../../domain/creator-limits.js';

export interface CreatorLimitDecision {
  readonly allowed: boolean;
  /** Whole seconds until the limit's window ends (at least 1). */
  readonly retryAfterSeconds: number;
}

/**
 * Counters of the shared rate-limit store, claim-once per counted action: every instance counts
 * against the same limit. A refused action spends nothing.
 */
export abstract class CreatorLimitCounters {
  abstract hit(limit: CreatorLimit, subject: string): Promise<CreatorLimitDecision>;
}
