import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { AccountErasedError } from '../domain/account-erasure.errors.js';
import { type AccountErasureClaim, AccountErasureClaims } from './ports/account-erasure-claims.js';

/** A claim older than this with no decision is an erasure that stopped half-way: retaken. */
export const ERASURE_CLAIM_STALE_MS = 2 * 60_000;
/** A money move marked longer ago than this is one whose process died: it blocks no more. */
export const MONEY_MOVE_STALE_MS = 10 * 60_000;

/** Why an erasure may not go ahead now. */
export type ErasureHold = 'money' | 'money_moving' | 'erasure_in_progress';

export type ErasureGateOutcome<B> =
  | { readonly erase: true; readonly attempt: string }
  | { readonly erase: false; readonly hold: ErasureHold; readonly blockers: readonly B[] };

/**
 * Erasure against money, claim-once without transactions (docs/privacy.md, "Erasing your
 * account"). Each side writes before it reads what the other wrote:
 *
 * - a money move marks itself under way on each party's account, then reads their erasure claims:
 *   a claim without a decision is pre-empted (the move records the decision `money`, and goes on);
 *   a claim decided `erase` refuses the move (AccountErasedError) before it wrote anything;
 * - an erasure inserts its claim, then reads the money moves under way and the money state (any
 *   blocker refuses it), then records the decision `erase`, which fails if a move pre-empted it.
 *
 * Whichever interleaving: a move that began before the erasure read the moves is seen (under way,
 * or done and visible in the money state), and a later one sees the claim; the decision insert
 * settles the rest. So money wins every race, and an erased account's money never moves.
 */
@Injectable()
export class AccountErasureGate {
  constructor(
    private readonly claims: AccountErasureClaims,
    private readonly clock: Clock,
  ) {}

  /** Runs a money move of a deal whose parties are `accountIds`, unless one was erased first. */
  async duringMoneyMove<T>(accountIds: readonly string[], move: () => Promise<T>): Promise<T> {
    const moveId = randomUUID();
    const at = this.clock.now();
    for (const accountId of accountIds) await this.claims.beginMoneyMove(accountId, moveId, at);
    try {
      for (const accountId of accountIds) {
        const claim = await this.claims.find(accountId);
        if (claim && !(await this.moneyFirst(claim))) throw new AccountErasedError();
      }
      return await move();
    } finally {
      for (const accountId of accountIds) await this.claims.endMoneyMove(accountId, moveId);
    }
  }

  /**
   * Decides whether the account may be erased now. `blockersNow` reads the account's money state
   * (what refuses the erasure: held, releasing or disputed money); it is read after the claim.
   * An erasure decided `erase` before (one that stopped half-way) is answered as decided.
   */
  async decideErasure<B>(
    accountId: string,
    blockersNow: () => Promise<readonly B[]>,
  ): Promise<ErasureGateOutcome<B>> {
    const attempt = randomUUID();
    const now = this.clock.now();
    const existing = await this.claimOrExisting({ accountId, attempt, claimedAt: now });
    if (existing) {
      const decided = await this.claims.decisionOf(existing.attempt);
      if (decided === 'erase') return { erase: true, attempt: existing.attempt };
      return { erase: false, hold: 'erasure_in_progress', blockers: [] };
    }
    const refuse = async (hold: ErasureHold): Promise<ErasureGateOutcome<B>> => {
      const blockers = await blockersNow();
      await this.claims.withdraw(accountId, attempt);
      return { erase: false, hold: blockers.length > 0 ? 'money' : hold, blockers };
    };
    const movesSince = new Date(now.getTime() - MONEY_MOVE_STALE_MS);
    if (await this.claims.moneyMoveUnderway(accountId, movesSince)) return refuse('money_moving');
    if ((await blockersNow()).length > 0) return refuse('money');
    if (!(await this.claims.decide(attempt, 'erase', this.clock.now()))) {
      return refuse('money_moving');
    }
    return { erase: true, attempt };
  }

  /** Whether an erasure of the account was decided (it is erased, or being erased). */
  async isErased(accountId: string): Promise<boolean> {
    const claim = await this.claims.find(accountId);
    return claim !== undefined && (await this.claims.decisionOf(claim.attempt)) === 'erase';
  }

  /** Stores the claim; the one in the way when it exists (a pre-empted or stale one is retaken). */
  private async claimOrExisting(
    claim: AccountErasureClaim,
  ): Promise<AccountErasureClaim | undefined> {
    const existing = await this.claims.claim(claim);
    if (!existing) return undefined;
    const decision = await this.claims.decisionOf(existing.attempt);
    if (decision === 'erase') return existing;
    const stale = claim.claimedAt.getTime() - existing.claimedAt.getTime() > ERASURE_CLAIM_STALE_MS;
    // A pre-empted attempt withdraws itself; one that stopped half-way is retaken once stale.
    if (decision === undefined && !stale) return existing;
    await this.claims.withdraw(claim.accountId, existing.attempt);
    return this.claims.claim(claim);
  }

  /** The move pre-empts an undecided claim; false when the erasure decided first. */
  private async moneyFirst(claim: AccountErasureClaim): Promise<boolean> {
    if (await this.claims.decide(claim.attempt, 'money', this.clock.now())) return true;
    return (await this.claims.decisionOf(claim.attempt)) === 'money';
  }
}
