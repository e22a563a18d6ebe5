import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { insertedFirst } from '../../../../database/duplicate-key.js';
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

interface RecentAuthenticationDocument {
  /** The session's id: one record per session, overwritten by each re-authentication. */
  _id: string;
  userId: string;
  at: Date;
  method: ReauthenticationMethod;
}

interface ReauthenticationClaimDocument {
  _id: string;
  at: Date;
}

@Injectable()
export class MongoRecentAuthentications extends RecentAuthentications {
  private readonly recent: Collection<RecentAuthenticationDocument>;
  private readonly claims: Collection<ReauthenticationClaimDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.recent = connection.collection(RECENT_AUTHENTICATIONS_COLLECTION);
    this.claims = connection.collection(REAUTHENTICATION_CLAIMS_COLLECTION);
  }

  async record(
    sessionId: string,
    userId: string,
    at: Date,
    method: ReauthenticationMethod,
  ): Promise<void> {
    await this.recent.replaceOne({ _id: sessionId }, { userId, at, method }, { upsert: true });
  }

  async lastOf(sessionId: string): Promise<Date | null> {
    return (await this.recent.findOne({ _id: sessionId }))?.at ?? null;
  }

  claim(key: string, at: Date): Promise<boolean> {
    return insertedFirst(() => this.claims.insertOne({ _id: key, at }));
  }
}

/** Marks past their window and spent claims go with the hourly retention job. */
export function recentAuthenticationPruners(connection: Connection): Pruner[] {
  return [
    {
      name: 'auth-recent-authentications',
      async prune(now) {
        const before = new Date(now.getTime() - RECENT_AUTHENTICATION_WINDOW_MS);
        const { deletedCount } = await connection
          .collection(RECENT_AUTHENTICATIONS_COLLECTION)
          .deleteMany({ at: { $lt: before } });
        return deletedCount;
      },
    },
    {
      name: 'auth-reauthentication-claims',
      async prune(now) {
        const before = new Date(now.getTime() - CLAIM_KEPT_MS);
        const { deletedCount } = await connection
          .collection(REAUTHENTICATION_CLAIMS_COLLECTION)
          .deleteMany({ at: { $lt: before } });
        return deletedCount;
      },
    },
  ];
}
