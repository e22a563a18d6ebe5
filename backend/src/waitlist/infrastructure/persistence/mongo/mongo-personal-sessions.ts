import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import {
  newSecretToken as newLinkToken,
  SECRET_TOKEN_PATTERN as LINK_TOKEN_PATTERN,
} from '../../../../common/domain/secret-token.js';
import { PersonalSessions } from '../../../application/ports/personal-sessions.js';

export const PERSONAL_SESSIONS_COLLECTION = 'waitlist_personal_sessions';

/** One session, by the SHA-256 of its token: the database never holds a usable cookie. */
@Schema({
  collection: PERSONAL_SESSIONS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class PersonalSessionRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  entryId!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}

export const PersonalSessionSchema = SchemaFactory.createForClass(PersonalSessionRecord);
/** Session tokens are made as link tokens are: 256 random bits, base64url. */
const SESSION_TOKEN_PATTERN = new RegExp(LINK_TOKEN_PATTERN);

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Sessions in `waitlist_personal_sessions`, keyed by _id alone (no index to build). Expiry is
 * checked on every read (FerretDB has no TTL index); the sweeper deletes the expired ones.
 */
@Injectable()
export class MongoPersonalSessions extends PersonalSessions {
  constructor(
    @InjectModel(PersonalSessionRecord.name)
    private readonly sessions: Model<PersonalSessionRecord>,
  ) {
    super();
  }

  async start(entryId: string, at: Date, expiresAt: Date): Promise<string> {
    const token = newLinkToken();
    await this.sessions.create({ _id: hashOf(token), entryId, createdAt: at, expiresAt });
    return token;
  }

  async entryOf(token: string, now: Date): Promise<string | undefined> {
    if (!SESSION_TOKEN_PATTERN.test(token)) return undefined;
    const found = await this.sessions.findById(hashOf(token)).lean<PersonalSessionRecord>().exec();
    if (!found || found.expiresAt.getTime() <= now.getTime()) return undefined;
    return found.entryId;
  }

  async end(token: string): Promise<void> {
    if (!SESSION_TOKEN_PATTERN.test(token)) return;
    await this.sessions.deleteOne({ _id: hashOf(token) }).exec();
  }

  async endAllOf(entryId: string): Promise<void> {
    await this.sessions.deleteMany({ entryId }).exec();
  }

  async discardExpiredBefore(before: Date): Promise<number> {
    const { deletedCount } = await this.sessions.deleteMany({ expiresAt: { $lt: before } }).exec();
    return deletedCount;
  }
}
