import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { insertedFirst } from '../../../../database/duplicate-key.js';
import {
  type AccountErasureClaim,
  AccountErasureClaims,
  type ErasureDecision,
} from '../../../application/ports/account-erasure-claims.js';

export const ERASURE_CLAIMS_COLLECTION = 'account_erasure_claims';
export const ERASURE_DECISIONS_COLLECTION = 'account_erasure_decisions';
export const MONEY_MOVES_COLLECTION = 'account_money_moves';

interface ClaimDocument {
  /** The account's id: one claim per account. */
  _id: string;
  attempt: string;
  claimedAt: Date;
}
interface DecisionDocument {
  /** The attempt's id: one decision per attempt. */
  _id: string;
  decision: ErasureDecision;
  at: Date;
}
interface MoneyMoveDocument {
  /** `<accountId>:<moveId>`: an account's moves are one key range. */
  _id: string;
  at: Date;
}

/** The erasure protocol's records, three small keyed collections (inserts decide). */
@Injectable()
export class MongoAccountErasureClaims extends AccountErasureClaims {
  private readonly claims: Collection<ClaimDocument>;
  private readonly decisions: Collection<DecisionDocument>;
  private readonly moves: Collection<MoneyMoveDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.claims = connection.collection<ClaimDocument>(ERASURE_CLAIMS_COLLECTION);
    this.decisions = connection.collection<DecisionDocument>(ERASURE_DECISIONS_COLLECTION);
    this.moves = connection.collection<MoneyMoveDocument>(MONEY_MOVES_COLLECTION);
  }

  async claim(claim: AccountErasureClaim): Promise<AccountErasureClaim | undefined> {
    const { accountId, attempt, claimedAt } = claim;
    const stored = await insertedFirst(() =>
      this.claims.insertOne({ _id: accountId, attempt, claimedAt }),
    );
    return stored ? undefined : ((await this.find(accountId)) ?? claim);
  }

  async find(accountId: string): Promise<AccountErasureClaim | undefined> {
    const found = await this.claims.findOne({ _id: accountId });
    return found ? { accountId, attempt: found.attempt, claimedAt: found.claimedAt } : undefined;
  }

  async withdraw(accountId: string, attempt: string): Promise<void> {
    await this.claims.deleteOne({ _id: accountId, attempt });
  }

  decide(attempt: string, decision: ErasureDecision, at: Date): Promise<boolean> {
    return insertedFirst(() => this.decisions.insertOne({ _id: attempt, decision, at }));
  }

  async decisionOf(attempt: string): Promise<ErasureDecision | undefined> {
    return (await this.decisions.findOne({ _id: attempt }))?.decision;
  }

  async beginMoneyMove(accountId: string, moveId: string, at: Date): Promise<void> {
    await this.moves.insertOne({ _id: `${accountId}:${moveId}`, at });
  }

  async endMoneyMove(accountId: string, moveId: string): Promise<void> {
    await this.moves.deleteOne({ _id: `${accountId}:${moveId}` });
  }

  async moneyMoveUnderway(accountId: string, since: Date): Promise<boolean> {
    const found = await this.moves.findOne(
      { _id: { $gt: `${accountId}:`, $lt: `${accountId};` }, at: { $gte: since } },
      { projection: { _id: 1 } },
    );
    return found !== null;
  }
}
