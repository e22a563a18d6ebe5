import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { AccountSessionRecords } from '../../../application/ports/account-session-records.js';
import { KNOWN_DEVICES_COLLECTION } from './mongo-known-devices.js';

const SESSIONS = 'auth_sessions';
const REFRESH_TOKENS = 'auth_refresh_tokens';
const ROTATIONS = 'auth_refresh_rotations';

/** Deletes the account's sessions with their tokens and rotations, then its known browsers. */
@Injectable()
export class MongoAccountSessionRecords extends AccountSessionRecords {
  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
  }

  async eraseAllOf(accountId: string): Promise<void> {
    const sessions = this.connection.collection<{ _id: string; userId: string }>(SESSIONS);
    const ids = (
      await sessions.find({ userId: accountId }, { projection: { _id: 1 } }).toArray()
    ).map(({ _id }) => _id);
    if (ids.length > 0) {
      const ofSessions = { sessionId: { $in: ids } };
      await this.connection.collection(REFRESH_TOKENS).deleteMany(ofSessions);
      await this.connection.collection(ROTATIONS).deleteMany(ofSessions);
    }
    await sessions.deleteMany({ userId: accountId });
    await this.connection.collection(KNOWN_DEVICES_COLLECTION).deleteMany({ accountId });
  }
}
