import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { insertedFirst, isDuplicateKeyError } from '../../database/duplicate-key.js';
import { type ErasureReceipt, ErasureReceipts } from '../application/ports/erasure-receipts.js';
import { Nominees } from '../application/ports/nominees.js';
import type { KeptRecord } from '../domain/account-erasure.js';
import type { Nominee } from '../domain/nominee.js';

export const ERASURE_RECEIPTS_COLLECTION = 'account_erasure_receipts';
export const NOMINEES_COLLECTION = 'account_nominees';

const OPTIONS = { versionKey: false, autoIndex: false, autoCreate: false } as const;

@Schema({ ...OPTIONS, collection: ERASURE_RECEIPTS_COLLECTION })
export class ErasureReceiptRecord {
  /** The erased account's id. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: Date, required: true }) erasedAt!: Date;
  @Prop({ type: [Object], required: true }) kept!: KeptRecord[];
}
export const ErasureReceiptSchema = SchemaFactory.createForClass(ErasureReceiptRecord);

/** Receipts keyed by account id: the first insert is the receipt. */
@Injectable()
export class MongoErasureReceipts extends ErasureReceipts {
  constructor(
    @InjectModel(ErasureReceiptRecord.name)
    private readonly receipts: Model<ErasureReceiptRecord>,
  ) {
    super();
  }

  async saveOnce(accountId: string, receipt: ErasureReceipt): Promise<ErasureReceipt> {
    const { erasedAt, kept } = receipt;
    const stored = await insertedFirst(() =>
      this.receipts.create({ _id: accountId, erasedAt, kept: [...kept] }),
    );
    return stored ? receipt : ((await this.find(accountId)) ?? receipt);
  }

  async find(accountId: string): Promise<ErasureReceipt | undefined> {
    const found = await this.receipts.findById(accountId).lean<ErasureReceiptRecord>().exec();
    return found ? { erasedAt: found.erasedAt, kept: found.kept } : undefined;
  }
}

@Schema({ ...OPTIONS, collection: NOMINEES_COLLECTION })
export class NomineeRecord {
  /** The account's id: one nominee each. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) name!: string;
  @Prop({ type: String, required: true }) email!: string;
  @Prop({ type: Date, required: true }) updatedAt!: Date;
}
export const NomineeSchema = SchemaFactory.createForClass(NomineeRecord);

@Injectable()
export class MongoNominees extends Nominees {
  constructor(@InjectModel(NomineeRecord.name) private readonly nominees: Model<NomineeRecord>) {
    super();
  }

  async find(accountId: string): Promise<Nominee | undefined> {
    const found = await this.nominees.findById(accountId).lean<NomineeRecord>().exec();
    return found ? { name: found.name, email: found.email, updatedAt: found.updatedAt } : undefined;
  }

  async save(accountId: string, nominee: Nominee): Promise<void> {
    const { name, email, updatedAt } = nominee;
    const replace = () =>
      this.nominees
        .replaceOne({ _id: accountId }, { name, email, updatedAt }, { upsert: true })
        .exec();
    try {
      await replace();
    } catch (error) {
      // Two first saves raced: the loser's insert was refused; its replace now finds the record.
      if (!isDuplicateKeyError(error)) throw error;
      await replace();
    }
  }

  async remove(accountId: string): Promise<boolean> {
    return (await this.nominees.deleteOne({ _id: accountId }).exec()).deletedCount > 0;
  }
}
