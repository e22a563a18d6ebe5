import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { AccountRecords } from '../../../application/ports/account-records.js';
import { BrandAccountRecord } from './brand-account.schema.js';
import { ContactEmailRecord } from './mongo-contact-emails.js';
import { UserRecord } from './user.schema.js';

/** Deletes the account's documents by `_id` (its unique phone or Google id go with them). */
@Injectable()
export class MongoAccountRecords extends AccountRecords {
  constructor(
    @InjectModel(ContactEmailRecord.name) private readonly contactEmails: Model<ContactEmailRecord>,
    @InjectModel(UserRecord.name) private readonly users: Model<UserRecord>,
    @InjectModel(BrandAccountRecord.name) private readonly brandAccounts: Model<BrandAccountRecord>,
  ) {
    super();
  }

  async erase(accountId: string): Promise<void> {
    await this.contactEmails.deleteOne({ _id: accountId }).exec();
    if (!mongoose.isValidObjectId(accountId)) return;
    const _id = new mongoose.Types.ObjectId(accountId);
    await this.users.deleteOne({ _id }).exec();
    await this.brandAccounts.deleteOne({ _id }).exec();
  }
}
