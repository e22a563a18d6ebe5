import type { CodeLimit } from '../../domain/code-limits.js';

export interface LimitDecision {
  readonly allowed: boolean;
  /** Whole seconds until the limit's window ends (at least 1). */
  readonly retryAfterSeconds: number;
}

/** Counters of the shared rate-limit store: every instance counts against the same limit. */
export abstract class CodeSendLimits {
  abstract hit(limit: CodeLimit, subject: string): Promise<LimitDecision>;
}
