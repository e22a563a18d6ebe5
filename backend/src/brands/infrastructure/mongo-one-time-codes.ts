import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../database/claim-once.js';
import { insertedFirst } from '../../database/duplicate-key.js';
import { OneTimeCodes } from '../application/ports/one-time-codes.js';
import {
  challengeIdOf,
  type CodeChallenge,
  type CodeBinding,
  MAX_CODE_ATTEMPTS,
} from '../domain/one-time-code.js';

/**
 * One document per code sent, `_id` "<E.164>#<sequence>": storing sequence n+1 of a number is
 * claimed by the insert. No TTL index (FerretDB 1.x has none): a number's old codes are removed
 * when a new one has gone out.
 */
@Schema({ collection: 'brand_phone_codes', versionKey: false, autoIndex: false })
export class PhoneCodeRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  phone!: string;

  @Prop({ type: Number, required: true })
  sequence!: number;

  @Prop({ type: String, required: true })
  purpose!: CodeBinding;

  /** HMAC-SHA256 (hex) of purpose|number|code under the first OTP secret. */
  @Prop({ type: String, required: true })
  codeHash!: string;

  @Prop({ type: Date, required: true })
  issuedAt!: Date;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}

export const PhoneCodeSchema = SchemaFactory.createForClass(PhoneCodeRecord);
PhoneCodeSchema.index({ phone: 1, sequence: -1 });

/** A try or the use of a code, claimed once: `_id` "<code id>:try:<n>" or "<code id>:used". */
@Schema({ collection: 'brand_phone_code_claims', versionKey: false, autoIndex: false })
export class PhoneCodeClaimRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  phone!: string;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export const PhoneCodeClaimSchema = SchemaFactory.createForClass(PhoneCodeClaimRecord);
PhoneCodeClaimSchema.index({ phone: 1 });

function toChallenge(record: PhoneCodeRecord): CodeChallenge {
  return {
    phone: record.phone,
    sequence: record.sequence,
    purpose: record.purpose,
    codeHash: record.codeHash,
    issuedAt: record.issuedAt,
    expiresAt: record.expiresAt,
  };
}

/**
 * Every claim is an insert against the unique `_id` — atomic on MongoDB and FerretDB alike, where
 * a conditional `updateOne` is not (measured on FerretDB 1.x: of 20 simultaneous
 * `{attempts: {$lt: 5}}` → `$inc` updates, all 20 reported a match and the counter ended at 1).
 */
@Injectable()
export class MongoOneTimeCodes extends OneTimeCodes {
  private readonly claims: ClaimOnce<FieldsOf<PhoneCodeClaimRecord>>;

  constructor(
    @InjectModel(PhoneCodeRecord.name) private readonly codes: Model<PhoneCodeRecord>,
    @InjectModel(PhoneCodeClaimRecord.name) claimModel: Model<PhoneCodeClaimRecord>,
  ) {
    super();
    this.claims = new ClaimOnce<FieldsOf<PhoneCodeClaimRecord>>(
      claimModel.db,
      claimCollectionOf(claimModel),
    );
  }

  async find(phone: string): Promise<CodeChallenge | null> {
    const record = await this.codes
      .findOne({ phone })
      .sort({ sequence: -1 })
      .lean<PhoneCodeRecord>()
      .exec();
    return record ? toChallenge(record) : null;
  }

  issue(challenge: CodeChallenge): Promise<boolean> {
    return insertedFirst(() => this.codes.create({ _id: challengeIdOf(challenge), ...challenge }));
  }

  async retireReplaced(challenge: CodeChallenge): Promise<void> {
    await this.codes
      .deleteMany({ phone: challenge.phone, sequence: { $lt: challenge.sequence } })
      .exec();
  }

  async claimAttempt(challenge: CodeChallenge, maxAttempts: number): Promise<number | null> {
    const id = challengeIdOf(challenge);
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const claim = { _id: `${id}:try:${attempt}`, phone: challenge.phone, at: new Date() };
      if (await this.claims.claim(claim)) return attempt;
    }
    return null;
  }

  consume(challenge: CodeChallenge): Promise<boolean> {
    const claim = {
      _id: `${challengeIdOf(challenge)}:used`,
      phone: challenge.phone,
      at: new Date(),
    };
    return this.claims.claim(claim);
  }

  async remove(challenge: CodeChallenge): Promise<void> {
    const id = challengeIdOf(challenge);
    await this.codes.deleteOne({ _id: id }).exec();
    // A later code takes this sequence number again: it must not find this one's tries taken.
    const tries = Array.from({ length: MAX_CODE_ATTEMPTS }, (_, index) => `${id}:try:${index + 1}`);
    await this.claims.remove({ _id: { $in: [...tries, `${id}:used`] } });
  }
}
