import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Connection } from 'mongoose';
import { insertedFirst, isDuplicateKeyError } from '../../database/duplicate-key.js';
import { type ErasureReceipt, ErasureReceipts } from '../application/ports/erasure-receipts.js';
import { Nominees } from '../application/ports/nominees.js';
import type { KeptRecord } from '../domain/account-erasure.js';
import type { Nominee } from '../domain/nominee.js';

export const ERASURE_RECEIPTS_COLLECTION = 'account_erasure_receipts';
export const NOMINEES_COLLECTION = 'account_nominees';

interface ReceiptDocument {
  /** The erased account's id. */
  _id: string;
  erasedAt: Date;
  kept: KeptRecord[];
}

/** Receipts keyed by account id: the first insert is the receipt. */
@Injectable()
export class MongoErasureReceipts extends ErasureReceipts {
  private readonly receipts: Collection<ReceiptDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.receipts = connection.collection<ReceiptDocument>(ERASURE_RECEIPTS_COLLECTION);
  }

  async saveOnce(accountId: string, receipt: ErasureReceipt): Promise<ErasureReceipt> {
    const { erasedAt, kept } = receipt;
    const stored = await insertedFirst(() =>
      this.receipts.insertOne({ _id: accountId, erasedAt, kept: [...kept] }),
    );
    return stored ? receipt : ((await this.find(accountId)) ?? receipt);
  }

  async find(accountId: string): Promise<ErasureReceipt | undefined> {
    const found = await this.receipts.findOne({ _id: accountId });
    return found ? { erasedAt: found.erasedAt, kept: found.kept } : undefined;
  }
}

interface NomineeDocument extends Nominee {
  /** The account's id: one nominee each. */
  _id: string;
}

@Injectable()
export class MongoNominees extends Nominees {
  private readonly nominees: Collection<NomineeDocument>;

  constructor(@InjectConnection() connection: Connection) {
    super();
    this.nominees = connection.collection<NomineeDocument>(NOMINEES_COLLECTION);
  }

  async find(accountId: string): Promise<Nominee | undefined> {
    const found = await this.nominees.findOne({ _id: accountId });
    return found ? { name: found.name, email: found.email, updatedAt: found.updatedAt } : undefined;
  }

  async save(accountId: string, nominee: Nominee): Promise<void> {
    const { name, email, updatedAt } = nominee;
    const replace = () =>
      this.nominees.replaceOne({ _id: accountId }, { name, email, updatedAt }, { upsert: true });
    try {
      await replace();
    } catch (error) {
      // Two first saves raced: the loser's insert was refused; its replace now finds the record.
      if (!isDuplicateKeyError(error)) throw error;
      await replace();
    }
  }

  async remove(accountId: string): Promise<boolean> {
    return (await this.nominees.deleteOne({ _id: accountId })).deletedCount > 0;
  }
}
