import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ClaimOnce, claimCollectionOf } from '../../../../database/claim-once.js';
import { SessionStore } from '../../../application/ports/session.store.js';
import type { Rotation, StoredRefreshToken } from '../../../domain/refresh-token.js';
import type { Session, SessionDevice } from '../../../domain/session.js';
import {
  byKey,
  toRefreshTokenRecord,
  toSession,
  toSessionRecord,
  toRotation,
  toRotationRecord,
  toStoredRefreshToken,
} from './session.mapper.js';
import { RefreshTokenRecord, RotationRecord, SessionRecord } from './session.schemas.js';

@Injectable()
export class MongoSessionStore extends SessionStore {
  private readonly rotations: ClaimOnce<RotationRecord>;

  constructor(
    @InjectModel(SessionRecord.name) private readonly sessions: Model<SessionRecord>,
    @InjectModel(RefreshTokenRecord.name) private readonly tokens: Model<RefreshTokenRecord>,
    @InjectModel(RotationRecord.name) rotationModel: Model<RotationRecord>,
  ) {
    super();
    this.rotations = new ClaimOnce<RotationRecord>(
      rotationModel.db,
      claimCollectionOf(rotationModel),
    );
  }

  async createSession(session: Session): Promise<void> {
    await this.sessions.create(toSessionRecord(session));
  }

  async findSession(id: string): Promise<Session | null> {
    const record = await this.sessions.findById(id).lean<SessionRecord>().exec();
    return record ? toSession(record) : null;
  }

  async revokeSession(id: string, at: Date): Promise<void> {
    await this.sessions
      .updateOne({ ...byKey(id), revokedAt: null }, { $set: { revokedAt: at } })
      .exec();
  }

  async listActiveSessions(userId: string, now: Date): Promise<Session[]> {
    const records = await this.sessions
      .find({ userId, revokedAt: null, absoluteExpiresAt: { $gt: now } })
      .lean<SessionRecord[]>()
      .exec();
    return records
      .map(toSession)
      .sort((a, b) => b.lastActiveAt.getTime() - a.lastActiveAt.getTime());
  }

  async revokeSessionOf(userId: string, id: string, at: Date): Promise<boolean> {
    const result = await this.sessions
      .updateOne(
        { ...byKey(id), userId, revokedAt: null, absoluteExpiresAt: { $gt: at } },
        { $set: { revokedAt: at } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  async revokeOtherSessions(userId: string, keepId: string, at: Date): Promise<number> {
    const result = await this.sessions
      .updateMany({ userId, _id: { $ne: keepId }, revokedAt: null }, { $set: { revokedAt: at } })
      .exec();
    return result.modifiedCount;
  }

  async touchSession(id: string, at: Date, device: SessionDevice): Promise<void> {
    await this.sessions
      .updateOne(byKey(id), {
        $set: { lastActiveAt: at, ...(device.userAgent && { userAgent: device.userAgent }) },
      })
      .exec();
  }

  async saveRefreshToken(token: StoredRefreshToken): Promise<void> {
    await this.tokens.create(toRefreshTokenRecord(token));
  }

  async findRefreshToken(hash: string): Promise<StoredRefreshToken | null> {
    const record = await this.tokens.findById(hash).lean<RefreshTokenRecord>().exec();
    return record ? toStoredRefreshToken(record) : null;
  }

  async claimRotation(hash: string, rotation: Rotation): Promise<boolean> {
    return this.rotations.claim(toRotationRecord(hash, rotation));
  }

  async findRotation(hash: string): Promise<Rotation | null> {
    const record = await this.rotations.find(hash);
    return record ? toRotation(record) : null;
  }

  async rotatedAfter(sessionId: string, at: Date): Promise<boolean> {
    return this.rotations.exists({ sessionId, rotatedAt: { $gt: at } });
  }
}
