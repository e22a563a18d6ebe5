import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { UserRepository } from '../../../application/ports/user.repository.js';
import type { GoogleProfile, NewUser, User } from '../../../domain/user.js';
import { UserAlreadyExistsError } from '../../../domain/user.errors.js';
import { toUser } from './user.mapper.js';
import { UserRecord } from './user.schema.js';

const DUPLICATE_KEY = 11000;

function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === DUPLICATE_KEY;
}

@Injectable()
export class MongoUserRepository extends UserRepository {
  private indexesReady: Promise<void> | undefined;

  constructor(@InjectModel(UserRecord.name) private readonly users: Model<UserRecord>) {
    super();
  }

  async create(user: NewUser): Promise<User> {
    await this.ensureIndexes();
    try {
      const created = await this.users.create(user);
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

  /** The unique googleId index keeps one account per Google identity: no insert goes without it. */
  private ensureIndexes(): Promise<void> {
    this.indexesReady ??= this.users.createIndexes().catch((error: unknown) => {
      this.indexesReady = undefined; // the next sign-up tries again
      throw error;
    });
    return this.indexesReady;
  }
}
