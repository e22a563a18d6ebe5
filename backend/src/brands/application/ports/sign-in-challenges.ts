import type { SignInChallenge } from '../../domain/sign-in-challenge.js';

/** Proof-of-work challenges for "Get OTP" once the general SMS budget is spent (#36). */
export abstract class SignInChallenges {
  /** A fresh signed challenge, valid CHALLENGE_TTL_MS. */
  abstract issue(): Promise<SignInChallenge>;

  /**
   * Whether `proof` (base64 of `{ challenge, solution }`, as the browser sends it) solves a
   * challenge issued here that has not expired; claim-once: true for its first use only.
   */
  abstract redeem(proof: string): Promise<boolean>;
}
