import type { CodeChallenge } from '../../domain/one-time-code.js';

/**
 * The latest code of each number, shared by every instance. Every change is a conditional update
 * on the current state, so concurrent requests (on any instance) cannot both win.
 */
export abstract class OneTimeCodes {
  abstract find(phone: string): Promise<CodeChallenge | null>;

  /**
   * Puts `challenge` in place of the number's code, unless that code was issued after
   * `notIssuedAfter` (the resend cooldown): false then.
   */
  abstract replace(challenge: CodeChallenge, notIssuedAfter: Date): Promise<boolean>;

  /**
   * Counts one try of this exact code, before it is compared: true when the try was counted —
   * the code is unused, unexpired and had fewer than `maxAttempts` tries; false otherwise.
   */
  abstract countAttempt(
    phone: string,
    challengeId: string,
    maxAttempts: number,
    now: Date,
  ): Promise<boolean>;

  /** Claim-once: true for the single caller that marks this code used. */
  abstract consume(phone: string, challengeId: string, now: Date): Promise<boolean>;

  /** Drops this code (it could not be sent); a replacement is left alone. */
  abstract remove(phone: string, challengeId: string): Promise<void>;
}
