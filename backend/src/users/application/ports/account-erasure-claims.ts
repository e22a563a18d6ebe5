/**
 * Who won an erasure attempt: the erasure itself, or a money move (a payment webhook, a release)
 * that ran into it. Recorded once per attempt by an insert, so exactly one side wins.
 */
export type ErasureDecision = 'erase' | 'money';

/** An account's erasure claim: one per account, while an erasure is decided or done. */
export interface AccountErasureClaim {
  readonly accountId: string;
  /** A fresh id per attempt: the decision is recorded against it. */
  readonly attempt: string;
  readonly claimedAt: Date;
}

/**
 * The records of the erasure-versus-money protocol (AccountErasureGate), all written by inserts
 * against `_id` (claim-once without transactions, as the database kit does it).
 */
export abstract class AccountErasureClaims {
  /** Inserts the account's claim; undefined when this call stored it, else the one that exists. */
  abstract claim(claim: AccountErasureClaim): Promise<AccountErasureClaim | undefined>;
  abstract find(accountId: string): Promise<AccountErasureClaim | undefined>;
  /** Removes the claim of this attempt (a refused erasure), never a newer attempt's. */
  abstract withdraw(accountId: string, attempt: string): Promise<void>;
  /** Records the attempt's decision; true when this call recorded it (the first one wins). */
  abstract decide(attempt: string, decision: ErasureDecision, at: Date): Promise<boolean>;
  abstract decisionOf(attempt: string): Promise<ErasureDecision | undefined>;
  /** Marks a money move on the account as under way (before it reads the claim). */
  abstract beginMoneyMove(accountId: string, moveId: string, at: Date): Promise<void>;
  abstract endMoneyMove(accountId: string, moveId: string): Promise<void>;
  /** Whether a money move on the account began at or after `since` and has not ended. */
  abstract moneyMoveUnderway(accountId: string, since: Date): Promise<boolean>;
}
