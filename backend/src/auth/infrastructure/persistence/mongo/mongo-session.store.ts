import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { SessionStore } from '../../../application/ports/session.store.js';
import type { StoredRefreshToken } from '../../../domain/refresh-token.js';
import type { Session } from '../../../domain/session.js';
import { RefreshTokenRecord, RotationRecord, SessionRecord } from './session.schemas.js';

const DUPLICATE_KEY = 11000;

function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === DUPLICATE_KEY;
}

@Injectable()
export class MongoSessionStore extends SessionStore {
  constructor(
    @InjectModel(SessionRecord.name) private readonly sessions: Model<SessionRecord>,
    @InjectModel(RefreshTokenRecord.name) private readonly tokens: Model<RefreshTokenRecord>,
    @InjectModel(RotationRecord.name) private readonly rotations: Model<RotationRecord>,
  ) {
    super();
  }

  async createSession(session: Session): Promise<void> {
    const { id, ...rest } = session;
    await this.sessions.create({ _id: id, ...rest });
  }

  async findSession(id: string): Promise<Session | null> {
    const record = await this.sessions.findById(id).lean<SessionRecord>().exec();
    if (!record) return null;
    const { _id, ...rest } = record;
    return { id: _id, ...rest };
  }

  async revokeSession(id: string, at: Date): Promise<void> {
    await this.sessions.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: at } }).exec();
  }

  async saveRefreshToken(token: StoredRefreshToken): Promise<void> {
    const { hash, ...rest } = token;
    await this.tokens.create({ _id: hash, ...rest });
  }

  async findRefreshToken(hash: string): Promise<StoredRefreshToken | null> {
    const record = await this.tokens.findById(hash).lean<RefreshTokenRecord>().exec();
    if (!record) return null;
    const { _id, ...rest } = record;
    return { hash: _id, ...rest };
  }

  async claimRotation(hash: string, sessionId: string, at: Date): Promise<boolean> {
    try {
      await this.rotations.create({ _id: hash, sessionId, rotatedAt: at });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async rotatedAt(hash: string): Promise<Date | null> {
    const record = await this.rotations.findById(hash).lean<RotationRecord>().exec();
    return record?.rotatedAt ?? null;
  }

  async rotatedAfter(sessionId: string, at: Date): Promise<boolean> {
    const later = await this.rotations.exists({ sessionId, rotatedAt: { $gt: at } }).exec();
    return later !== null;
  }
}
