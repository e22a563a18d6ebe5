import type { LinkedAccountState, PayoutProfile } from '../../domain/payout-profile.js';

/** One revision of the profile and its linked account, as the gateway last reported it. */
export interface StoredRevision extends LinkedAccountState {
  readonly revision: number;
}

export interface StoredPayoutProfile {
  readonly profile: PayoutProfile;
  /** The linked account of the profile's current revision; null before the first attempt. */
  readonly linked: LinkedAccountState | null;
}

/**
 * The payout profiles, their PAN and account number encrypted at rest by the adapter. Each
 * revision's linked account is stored on its own (keyed by creator and revision), so a late answer
 * about an old revision never marks a newer one.
 */
export abstract class PayoutProfileRepository {
  abstract find(creatorId: string): Promise<StoredPayoutProfile | null>;
  /**
   * Stores a new revision, claimed once by an insert (creator, revision): a second save of the
   * same revision throws PayoutProfileChangedError.
   */
  abstract saveRevision(profile: PayoutProfile): Promise<void>;
  /** Changes what the gateway never sees (UPI ID, GSTIN) in the current revision. */
  abstract updatePreferences(profile: PayoutProfile): Promise<void>;
  abstract recordLinkedAccount(
    creatorId: string,
    revision: number,
    state: LinkedAccountState,
  ): Promise<void>;
  abstract findRevisionByAccountId(
    accountId: string,
  ): Promise<{ readonly creatorId: string; readonly revision: number } | null>;
  /** Current revisions whose linked account is not settled yet (pending), oldest first. */
  abstract pending(limit: number): Promise<StoredPayoutProfile[]>;
  /** Claims (creator, revision) for one worker round: true for the one instance that gets it. */
  abstract claimRound(creatorId: string, revision: number, round: number): Promise<boolean>;
  /** Every revision's record (its linked account id and status), oldest first. */
  abstract revisionsOf(creatorId: string): Promise<StoredRevision[]>;
  /**
   * The last revision an erased profile of the creator reached (0 if none was erased): a new
   * profile continues after it, so its linked account's idempotency key and reference id are
   * never those of an erased one (the gateway would answer the erased account again).
   */
  abstract erasedThrough(creatorId: string): Promise<number>;
  /**
   * Removes the profile, its revisions' records (with their linked account ids) and claims,
   * keeping only the creator's id, the last revision number and when. Idempotent.
   */
  abstract erase(creatorId: string, at: Date): Promise<void>;
}
