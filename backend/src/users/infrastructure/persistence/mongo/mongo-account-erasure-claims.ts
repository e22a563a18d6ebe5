import { Injectable } from '@nestjs/common';
import { InjectConnection, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../../../database/claim-once.js';
import { declaredModel } from '../../../../database/declared-model.js';
import {
  type AccountErasureClaim,
  AccountErasureClaims,
  type ErasureDecision,
} from '../../../application/ports/account-erasure-claims.js';

export const ERASURE_CLAIMS_COLLECTION = 'account_erasure_claims';
export const ERASURE_DECISIONS_COLLECTION = 'account_erasure_decisions';
export const MONEY_MOVES_COLLECTION = 'account_money_moves';

const KEYED = { versionKey: false, autoIndex: false, autoCreate: false } as const;

/** An erasure under way: one claim per account. */
@Schema({ collection: ERASURE_CLAIMS_COLLECTION, ...KEYED })
export class ErasureClaimRecord {
  /** The account's id. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  attempt!: string;

  @Prop({ type: Date, required: true })
  claimedAt!: Date;
}

export const ErasureClaimSchema = SchemaFactory.createForClass(ErasureClaimRecord);

/** What an erasure attempt decided: one decision per attempt. */
@Schema({ collection: ERASURE_DECISIONS_COLLECTION, ...KEYED })
export class ErasureDecisionRecord {
  /** The attempt's id. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  decision!: ErasureDecision;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export const ErasureDecisionSchema = SchemaFactory.createForClass(ErasureDecisionRecord);

/** A money move under way for an account. */
@Schema({ collection: MONEY_MOVES_COLLECTION, ...KEYED })
export class MoneyMoveRecord {
  /** `<accountId>:<moveId>`: an account's moves are one key range. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export const MoneyMoveSchema = SchemaFactory.createForClass(MoneyMoveRecord);

/** The models UsersModule registers (and a spec's adapter declares on its own connection). */
export const ACCOUNT_ERASURE_MODELS = [
  { name: ErasureClaimRecord.name, schema: ErasureClaimSchema },
  { name: ErasureDecisionRecord.name, schema: ErasureDecisionSchema },
  { name: MoneyMoveRecord.name, schema: MoneyMoveSchema },
];

/** The erasure protocol's records, three small keyed collections (inserts decide). */
@Injectable()
export class MongoAccountErasureClaims extends AccountErasureClaims {
  private readonly claims: ClaimOnce<FieldsOf<ErasureClaimRecord>>;
  private readonly decisions: ClaimOnce<FieldsOf<ErasureDecisionRecord>>;
  private readonly moves: Model<MoneyMoveRecord>;

  /** Built on the connection: the protocol's spec makes adapters of its own on one. */
  constructor(@InjectConnection() connection: Connection) {
    super();
    this.claims = new ClaimOnce<FieldsOf<ErasureClaimRecord>>(
      connection,
      claimCollectionOf(declaredModel(connection, ErasureClaimRecord.name, ErasureClaimSchema)),
    );
    this.decisions = new ClaimOnce<FieldsOf<ErasureDecisionRecord>>(
      connection,
      claimCollectionOf(
        declaredModel(connection, ErasureDecisionRecord.name, ErasureDecisionSchema),
      ),
    );
    this.moves = declaredModel(connection, MoneyMoveRecord.name, MoneyMoveSchema);
  }

  async claim(claim: AccountErasureClaim): Promise<AccountErasureClaim | undefined> {
    const { accountId, attempt, claimedAt } = claim;
    const stored = await this.claims.claim({ _id: accountId, attempt, claimedAt });
    return stored ? undefined : ((await this.find(accountId)) ?? claim);
  }

  async find(accountId: string): Promise<AccountErasureClaim | undefined> {
    const found = await this.claims.find(accountId);
    return found ? { accountId, attempt: found.attempt, claimedAt: found.claimedAt } : undefined;
  }

  async withdraw(accountId: string, attempt: string): Promise<void> {
    await this.claims.remove({ _id: accountId, attempt });
  }

  decide(attempt: string, decision: ErasureDecision, at: Date): Promise<boolean> {
    return this.decisions.claim({ _id: attempt, decision, at });
  }

  async decisionOf(attempt: string): Promise<ErasureDecision | undefined> {
    return (await this.decisions.find(attempt))?.decision;
  }

  async beginMoneyMove(accountId: string, moveId: string, at: Date): Promise<void> {
    await this.moves.create({ _id: `${accountId}:${moveId}`, at });
  }

  async endMoneyMove(accountId: string, moveId: string): Promise<void> {
    await this.moves.deleteOne({ _id: `${accountId}:${moveId}` }).exec();
  }

  async moneyMoveUnderway(accountId: string, since: Date): Promise<boolean> {
    const found = await this.moves
      .findOne(
        { _id: { $gt: `${accountId}:`, $lt: `${accountId};` }, at: { $gte: since } },
        { _id: 1 },
      )
      .lean<{ _id: string }>()
      .exec();
    return found !== null;
  }
}
