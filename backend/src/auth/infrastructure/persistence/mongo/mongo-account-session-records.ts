import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AccountSessionRecords } from '../../../application/ports/account-session-records.js';
import { KnownDeviceRecord } from './mongo-known-devices.js';
import { RefreshTokenRecord, RotationRecord, SessionRecord } from './session.schemas.js';

/** Deletes the account's sessions with their tokens and rotations, then its known browsers. */
@Injectable()
export class MongoAccountSessionRecords extends AccountSessionRecords {
  constructor(
    @InjectModel(SessionRecord.name) private readonly sessions: Model<SessionRecord>,
    @InjectModel(RefreshTokenRecord.name) private readonly tokens: Model<RefreshTokenRecord>,
    @InjectModel(RotationRecord.name) private readonly rotations: Model<RotationRecord>,
    @InjectModel(KnownDeviceRecord.name) private readonly devices: Model<KnownDeviceRecord>,
  ) {
    super();
  }

  async eraseAllOf(accountId: string): Promise<void> {
    const ids = (
      await this.sessions.find({ userId: accountId }, { _id: 1 }).lean<{ _id: string }[]>().exec()
    ).map(({ _id }) => _id);
    if (ids.length > 0) {
      const ofSessions = { sessionId: { $in: ids } };
      await this.tokens.deleteMany(ofSessions).exec();
      await this.rotations.deleteMany(ofSessions).exec();
    }
    await this.sessions.deleteMany({ userId: accountId }).exec();
    await this.devices.deleteMany({ accountId }).exec();
  }
}
