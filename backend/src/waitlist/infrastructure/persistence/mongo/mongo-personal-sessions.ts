import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import {
  newSecretToken as newLinkToken,
  SECRET_TOKEN_PATTERN as LINK_TOKEN_PATTERN,
} from '../../../../common/domain/secret-token.js';
import { PersonalSessions } from '../../../application/ports/personal-sessions.js';

/** One session, by the SHA-256 of its token: the database never holds a usable cookie. */
interface PersonalSessionDocument {
  _id: string;
  entryId: string;
  createdAt: Date;
  expiresAt: Date;
}

export const PERSONAL_SESSIONS_COLLECTION = 'waitlist_personal_sessions';
/** Session tokens are made as link tokens are: 256 random bits, base64url. */
const SESSION_TOKEN_PATTERN = new RegExp(LINK_TOKEN_PATTERN);

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Sessions in `waitlist_personal_sessions`, keyed by _id alone (no index to build). Expiry is
 * checked on every read (FerretDB has no TTL index); the sweeper deletes the expired ones.
 */
@Injectable()
export class MongoPersonalSessions extends PersonalSessions {
  private readonly sessions: Collection<PersonalSessionDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.sessions = connection.collection<PersonalSessionDocument>(PERSONAL_SESSIONS_COLLECTION);
  }

  async start(entryId: string, at: Date, expiresAt: Date): Promise<string> {
    const token = newLinkToken();
    await this.sessions.insertOne({ _id: hashOf(token), entryId, createdAt: at, expiresAt });
    return token;
  }

  async entryOf(token: string, now: Date): Promise<string | undefined> {
    if (!SESSION_TOKEN_PATTERN.test(token)) return undefined;
    const found = await this.sessions.findOne({ _id: hashOf(token) });
    if (!found || found.expiresAt.getTime() <= now.getTime()) return undefined;
    return found.entryId;
  }

  async end(token: string): Promise<void> {
    if (!SESSION_TOKEN_PATTERN.test(token)) return;
    await this.sessions.deleteOne({ _id: hashOf(token) });
  }

  async endAllOf(entryId: string): Promise<void> {
    await this.sessions.deleteMany({ entryId });
  }

  async discardExpiredBefore(before: Date): Promise<number> {
    const { deletedCount } = await this.sessions.deleteMany({ expiresAt: { $lt: before } });
    return deletedCount;
  }
}
