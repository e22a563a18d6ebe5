import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { isDuplicateKeyError } from '../../../../database/duplicate-key.js';
import { IndexesBeforeFirstWrite } from '../../../../database/indexes-before-first-write.js';
import {
  BrandAccountRepository,
  type BrandProfile,
} from '../../../application/ports/brand-account.repository.js';
import type { BrandAccount, NewBrandAccount } from '../../../domain/user.js';
import { BrandAccountExistsError } from '../../../domain/user.errors.js';
import { BrandAccountRecord } from './brand-account.schema.js';

function toBrandAccount(record: BrandAccountRecord): BrandAccount {
  return {
    id: record._id.toHexString(),
    accountType: 'brand',
    phone: record.phone,
    companyName: record.companyName,
    contactName: record.contactName,
    createdAt: record.createdAt,
    lastLoginAt: record.lastLoginAt,
  };
}

@Injectable()
export class MongoBrandAccountRepository extends BrandAccountRepository {
  /** The unique phone index keeps one account per number: no insert goes without it. */
  private readonly indexes: IndexesBeforeFirstWrite;

  constructor(
    @InjectModel(BrandAccountRecord.name) private readonly accounts: Model<BrandAccountRecord>,
  ) {
    super();
    this.indexes = new IndexesBeforeFirstWrite(() => this.accounts.createIndexes());
  }

  nextId(): string {
    return new mongoose.Types.ObjectId().toHexString();
  }

  async create(account: NewBrandAccount, id?: string): Promise<BrandAccount> {
    await this.indexes.ensure();
    // The collection is the type: accountType is not stored.
    const stored = {
      phone: account.phone,
      companyName: account.companyName,
      contactName: account.contactName,
      createdAt: account.createdAt,
      lastLoginAt: account.lastLoginAt,
    };
    try {
      const created = await this.accounts.create(
        id === undefined ? stored : { ...stored, _id: id },
      );
      return toBrandAccount(created.toObject());
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new BrandAccountExistsError();
      throw error;
    }
  }

  async findByPhone(phone: string): Promise<BrandAccount | null> {
    const record = await this.accounts.findOne({ phone }).lean<BrandAccountRecord>().exec();
    return record ? toBrandAccount(record) : null;
  }

  async findById(id: string): Promise<BrandAccount | null> {
    if (!mongoose.isValidObjectId(id)) return null;
    const record = await this.accounts.findById(id).lean<BrandAccountRecord>().exec();
    return record ? toBrandAccount(record) : null;
  }

  async recordSignIn(id: string, at: Date): Promise<BrandAccount | null> {
    if (!mongoose.isValidObjectId(id)) return null;
    await this.accounts.updateOne({ _id: id }, { $set: { lastLoginAt: at } }).exec();
    return this.findById(id);
  }

  async updateProfile(id: string, profile: BrandProfile): Promise<BrandAccount | null> {
    if (!mongoose.isValidObjectId(id)) return null;
    const { companyName, contactName } = profile;
    await this.accounts.updateOne({ _id: id }, { $set: { companyName, contactName } }).exec();
    return this.findById(id);
  }
}
