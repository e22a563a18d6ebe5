import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { isDuplicateKeyError } from '../../../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../../../database/indexes-before-first-write.js';
import { UserRepository } from '../../../application/ports/user.repository.js';
import type { GoogleProfile, NewUser, User } from '../../../domain/user.js';
import { UserAlreadyExistsError } from '../../../domain/user.errors.js';
import { toUser } from './user.mapper.js';
import { UserRecord } from './user.schema.js';

@Injectable()
export class MongoUserRepository extends UserRepository {
  /** The unique googleId index keeps one account per Google identity: no insert goes without it. */
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(@InjectModel(UserRecord.name) private readonly users: Model<UserRecord>) {
    super();
    this.indexes = new IndexesBeforeFirstWrite(() => this.users.createIndexes());
  }

  nextId(): string {
    return new mongoose.Types.ObjectId().toHexString();
  }

  async create(user: NewUser, id?: string): Promise<User> {
    await this.indexes.ensure();
    try {
      const created = await this.users.create(id === undefined ? user : { ...user, _id: id });
      return toUser(created.toObject());
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new UserAlreadyExistsError();
      throw error;
    }
  }

  async findByGoogleId(googleId: string): Promise<User | null> {
    const record = await this.users.findOne({ googleId }).lean<UserRecord>().exec();
    return record ? toUser(record) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const record = await this.users.findOne({ email }).lean<UserRecord>().exec();
    return record ? toUser(record) : null;
  }

  async findById(id: string): Promise<User | null> {
    if (!mongoose.isValidObjectId(id)) return null;
    const record = await this.users.findById(id).lean<UserRecord>().exec();
    return record ? toUser(record) : null;
  }

  async recordSignIn(id: string, profile: GoogleProfile, at: Date): Promise<User | null> {
    const { email, displayName, photoURL } = profile;
    await this.users
      .updateOne({ _id: id }, { $set: { email, displayName, photoURL, lastLoginAt: at } })
      .exec();
    return this.findById(id);
  }

  async rename(id: string, displayName: string): Promise<User | null> {
    await this.users.updateOne({ _id: id }, { $set: { chosenDisplayName: displayName } }).exec();
    return this.findById(id);
  }
}
