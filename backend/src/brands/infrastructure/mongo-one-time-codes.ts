import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKeyError } from '../../database/duplicate-key.js';
import { OneTimeCodes } from '../application/ports/one-time-codes.js';
import type { CodeChallenge, CodePurpose } from '../domain/one-time-code.js';

/**
 * One document per number (`_id`: E.164), replaced by each new code. No TTL index (FerretDB 1.x
 * has none): a dead code is harmless, and the next code for the number overwrites it.
 */
@Schema({ collection: 'brand_phone_codes', versionKey: false, autoIndex: false })
export class PhoneCodeRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  challengeId!: string;

  @Prop({ type: String, required: true })
  purpose!: CodePurpose;

  /** HMAC-SHA256 (hex) of purpose|number|code under the first OTP secret. */
  @Prop({ type: String, required: true })
  codeHash!: string;

  @Prop({ type: Date, required: true })
  issuedAt!: Date;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;

  @Prop({ type: Number, required: true })
  attempts!: number;

  @Prop({ type: Date, default: null })
  consumedAt!: Date | null;
}

export const PhoneCodeSchema = SchemaFactory.createForClass(PhoneCodeRecord);

function toChallenge(record: PhoneCodeRecord): CodeChallenge {
  return {
    phone: record._id,
    challengeId: record.challengeId,
    purpose: record.purpose,
    codeHash: record.codeHash,
    issuedAt: record.issuedAt,
    expiresAt: record.expiresAt,
    attempts: record.attempts,
    consumedAt: record.consumedAt,
  };
}

/** Every change is a conditional update on `_id` (atomic on MongoDB and FerretDB alike). */
@Injectable()
export class MongoOneTimeCodes extends OneTimeCodes {
  constructor(@InjectModel(PhoneCodeRecord.name) private readonly codes: Model<PhoneCodeRecord>) {
    super();
  }

  async find(phone: string): Promise<CodeChallenge | null> {
    const record = await this.codes.findById(phone).lean<PhoneCodeRecord>().exec();
    return record ? toChallenge(record) : null;
  }

  async replace(challenge: CodeChallenge, notIssuedAfter: Date): Promise<boolean> {
    const { phone, ...fields } = challenge;
    try {
      // Matches the number's code only when it is older than the cooldown; with none matching,
      // the upsert inserts `_id: phone`, which fails on the unique _id when a newer code exists.
      await this.codes
        .updateOne(
          { _id: phone, issuedAt: { $lte: notIssuedAfter } },
          { $set: fields },
          { upsert: true },
        )
        .exec();
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async countAttempt(
    phone: string,
    challengeId: string,
    maxAttempts: number,
    now: Date,
  ): Promise<boolean> {
    const result = await this.codes
      .updateOne(
        {
          _id: phone,
          challengeId,
          consumedAt: null,
          expiresAt: { $gt: now },
          attempts: { $lt: maxAttempts },
        },
        { $inc: { attempts: 1 } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  async consume(phone: string, challengeId: string, now: Date): Promise<boolean> {
    const result = await this.codes
      .updateOne({ _id: phone, challengeId, consumedAt: null }, { $set: { consumedAt: now } })
      .exec();
    return result.modifiedCount === 1;
  }

  async remove(phone: string, challengeId: string): Promise<void> {
    await this.codes.deleteOne({ _id: phone, challengeId }).exec();
  }
}
