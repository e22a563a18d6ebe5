import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import mongoose, { type Connection } from 'mongoose';
import { AccountRecords } from '../../../application/ports/account-records.js';
import { CONTACT_EMAILS_COLLECTION } from './mongo-contact-emails.js';

const ACCOUNT_COLLECTIONS = ['users', 'brand_accounts'] as const;

/** Deletes the account's documents by `_id` (its unique phone or Google id go with them). */
@Injectable()
export class MongoAccountRecords extends AccountRecords {
  constructor(@InjectConnection() private readonly connection: Connection) {
    super();
  }

  async erase(accountId: string): Promise<void> {
    await this.connection
      .collection<{ _id: string }>(CONTACT_EMAILS_COLLECTION)
      .deleteOne({ _id: accountId });
    if (!mongoose.isValidObjectId(accountId)) return;
    const _id = new mongoose.Types.ObjectId(accountId);
    for (const name of ACCOUNT_COLLECTIONS) {
      await this.connection.collection(name).deleteOne({ _id });
    }
  }
}
