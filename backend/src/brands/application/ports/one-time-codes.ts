import type { CodeChallenge } from '../../domain/one-time-code.js';

/**
 * The codes sent to each number, shared by every instance. Every step is claim-once (a
 * conditional update is not: the store's limits, docs/development.md), so one caller, on any
 * instance, wins each: a code's sequence number, each of its tries, its use.
 */
export abstract class OneTimeCodes {
  /** The number's current code: the one with the highest sequence number. */
  abstract find(phone: string): Promise<CodeChallenge | null>;

  /**
   * Stores the code under its sequence number: false when another request stored that number
   * first (two codes asked at the same moment: the resend cooldown). The codes it replaces stay
   * until `retireReplaced`, so a code refused after this (a limit, the budget) leaves them intact.
   */
  abstract issue(challenge: CodeChallenge): Promise<boolean>;

  /** The code went out: the number's earlier codes are dead, forget them (best effort). */
  abstract retireReplaced(challenge: CodeChallenge): Promise<void>;

  /**
   * Claims the next of the code's `maxAttempts` tries, before it is compared: the try's number
   * (1 to maxAttempts), or null when every try was taken.
   */
  abstract claimAttempt(challenge: CodeChallenge, maxAttempts: number): Promise<number | null>;

  /** Claim-once: true for the single caller that uses this code. */
  abstract consume(challenge: CodeChallenge): Promise<boolean>;

  /** Drops this code and any claims on it (it was refused or could not be sent). */
  abstract remove(challenge: CodeChallenge): Promise<void>;
}
