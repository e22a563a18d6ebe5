import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../../../database/claim-once.js';
import type { Pruner } from '../../../../retention/retention.contract.js';
import { RecentAuthentications } from '../../../application/ports/recent-authentications.js';
import {
  RECENT_AUTHENTICATION_WINDOW_MS,
  type ReauthenticationMethod,
} from '../../../domain/recent-authentication.js';

export const RECENT_AUTHENTICATIONS_COLLECTION = 'auth_recent_authentications';
export const REAUTHENTICATION_CLAIMS_COLLECTION = 'auth_reauthentication_claims';
/** A used round trip's claim outlives any state or code that could be replayed (10 minutes). */
const CLAIM_KEPT_MS = 24 * 3_600_000;

/** A session's last re-authentication. */
@Schema({
  collection: RECENT_AUTHENTICATIONS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class RecentAuthenticationRecord {
  /** The session's id: one record per session, overwritten by each re-authentication. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: Date, required: true })
  at!: Date;

  @Prop({ type: String, required: true })
  method!: ReauthenticationMethod;
}

export const RecentAuthenticationSchema = SchemaFactory.createForClass(RecentAuthenticationRecord);

/** A used re-authentication round trip (its state or code), claimed once. */
@Schema({
  collection: REAUTHENTICATION_CLAIMS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class ReauthenticationClaimRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export const ReauthenticationClaimSchema = SchemaFactory.createForClass(
  ReauthenticationClaimRecord,
);

@Injectable()
export class MongoRecentAuthentications extends RecentAuthentications {
  private readonly claims: ClaimOnce<FieldsOf<ReauthenticationClaimRecord>>;

  constructor(
    @InjectModel(RecentAuthenticationRecord.name)
    private readonly recent: Model<RecentAuthenticationRecord>,
    @InjectModel(ReauthenticationClaimRecord.name) claimModel: Model<ReauthenticationClaimRecord>,
  ) {
    super();
    this.claims = new ClaimOnce<FieldsOf<ReauthenticationClaimRecord>>(
      claimModel.db,
      claimCollectionOf(claimModel),
    );
  }

  async record(
    sessionId: string,
    userId: string,
    at: Date,
    method: ReauthenticationMethod,
  ): Promise<void> {
    await this.recent
      .replaceOne({ _id: sessionId }, { userId, at, method }, { upsert: true })
      .exec();
  }

  async lastOf(sessionId: string): Promise<Date | null> {
    const found = await this.recent
      .findById(sessionId)
      .lean<FieldsOf<RecentAuthenticationRecord>>()
      .exec();
    return found?.at ?? null;
  }

  claim(key: string, at: Date): Promise<boolean> {
    return this.claims.claim({ _id: key, at });
  }
}

/** Marks past their window and spent claims go with the hourly retention job. */
export function recentAuthenticationPruners(connection: Connection): Pruner[] {
  // The models AuthModule registers on this connection (the schemas declare the collections).
  const recent = () =>
    connection.model<RecentAuthenticationRecord>(RecentAuthenticationRecord.name);
  const claims = () =>
    connection.model<ReauthenticationClaimRecord>(ReauthenticationClaimRecord.name);
  return [
    {
      name: 'auth-recent-authentications',
      async prune(now) {
        const before = new Date(now.getTime() - RECENT_AUTHENTICATION_WINDOW_MS);
        const { deletedCount } = await recent()
          .deleteMany({ at: { $lt: before } })
          .exec();
        return deletedCount;
      },
    },
    {
      name: 'auth-reauthentication-claims',
      async prune(now) {
        const before = new Date(now.getTime() - CLAIM_KEPT_MS);
        const { deletedCount } = await claims()
          .deleteMany({ at: { $lt: before } })
          .exec();
        return deletedCount;
      },
    },
  ];
}
