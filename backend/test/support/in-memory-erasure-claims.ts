import type { Clock } from '../../src/common/application/clock.js';
import { AccountErasureGate } from '../../src/users/application/account-erasure-gate.js';
import {
  type AccountErasureClaim,
  AccountErasureClaims,
  type ErasureDecision,
} from '../../src/users/application/ports/account-erasure-claims.js';

/** The erasure protocol's records in Maps (each insert decides, as the Mongo adapter's). */
export class InMemoryAccountErasureClaims extends AccountErasureClaims {
  readonly claims = new Map<string, AccountErasureClaim>();
  readonly decisions = new Map<string, ErasureDecision>();
  readonly moves = new Map<string, Date>();

  claim(claim: AccountErasureClaim): Promise<AccountErasureClaim | undefined> {
    const existing = this.claims.get(claim.accountId);
    if (!existing) this.claims.set(claim.accountId, claim);
    return Promise.resolve(existing);
  }

  find(accountId: string): Promise<AccountErasureClaim | undefined> {
    return Promise.resolve(this.claims.get(accountId));
  }

  withdraw(accountId: string, attempt: string): Promise<void> {
    if (this.claims.get(accountId)?.attempt === attempt) this.claims.delete(accountId);
    return Promise.resolve();
  }

  decide(attempt: string, decision: ErasureDecision): Promise<boolean> {
    if (this.decisions.has(attempt)) return Promise.resolve(false);
    this.decisions.set(attempt, decision);
    return Promise.resolve(true);
  }

  decisionOf(attempt: string): Promise<ErasureDecision | undefined> {
    return Promise.resolve(this.decisions.get(attempt));
  }

  beginMoneyMove(accountId: string, moveId: string, at: Date): Promise<void> {
    this.moves.set(`${accountId}:${moveId}`, at);
    return Promise.resolve();
  }

  endMoneyMove(accountId: string, moveId: string): Promise<void> {
    this.moves.delete(`${accountId}:${moveId}`);
    return Promise.resolve();
  }

  moneyMoveUnderway(accountId: string, since: Date): Promise<boolean> {
    return Promise.resolve(
      [...this.moves].some(([key, at]) => key.startsWith(`${accountId}:`) && at >= since),
    );
  }
}

/** A gate over in-memory records: no account erased, so every money move goes ahead. */
export function inMemoryErasureGate(clock: Clock): AccountErasureGate {
  return new AccountErasureGate(new InMemoryAccountErasureClaims(), clock);
}
