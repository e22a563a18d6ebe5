import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../database/claim-once.js';
import { isDuplicateKeyError } from '../../database/duplicate-key.js';
import { SmsOutboxStore } from '../application/ports/sms-outbox.store.js';
import type { SmsStatus, StoredSms } from '../domain/sms-message.js';
import type { OutgoingSms } from '../sms.contract.js';
import { SmsCodeSeal } from './sms-code-seal.js';

/** One document per message, keyed by its idempotency key. */
@Schema({ collection: 'sms_outbox', versionKey: false, autoIndex: false })
export class SmsRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  to!: string;

  @Prop({ type: String, required: true })
  kind!: 'otp' | 'notice';

  /** A notice's template id and variables (#39); absent for an OTP. */
  @Prop({ type: String })
  templateId?: string;

  @Prop({ type: Object })
  variables?: Record<string, string>;

  /**
   * Held only while the message may still go out, sealed (SmsCodeSeal: never the code itself);
   * null once settled.
   */
  @Prop({ type: String, default: null })
  code!: string | null;

  @Prop({ type: String, required: true })
  status!: SmsStatus;

  @Prop({ type: Number, required: true })
  attempts!: number;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  nextAttemptAt!: Date;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;

  @Prop({ type: Date })
  leaseUntil?: Date;

  @Prop({ type: Date })
  sentAt?: Date;

  @Prop({ type: String })
  lastError?: string;

  @Prop({ type: String })
  providerResponse?: string;

  /** NoticeSms.report: handed back with each status. */
  @Prop({ type: String })
  report?: string;
}

export const SmsSchema = SchemaFactory.createForClass(SmsRecord);
SmsSchema.index({ status: 1, nextAttemptAt: 1 });

/**
 * Attempt `n` of a message, claimed once: `_id` "<message id>:<n>". An insert, because a
 * conditional update is not atomic on FerretDB 1.x (concurrent ones may all report a match).
 */
@Schema({ collection: 'sms_claims', versionKey: false, autoIndex: false })
export class SmsClaimRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** A worker, or the request that withdrew the message. */
  @Prop({ type: String, required: true })
  holder!: string;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export const SmsClaimSchema = SchemaFactory.createForClass(SmsClaimRecord);

function toStoredSms(record: SmsRecord, seal: SmsCodeSeal): StoredSms {
  return {
    id: record._id,
    to: record.to,
    kind: record.kind,
    // A code no key opens (its secret was removed) is as good as gone: the message expires.
    code: record.code === null ? null : seal.open(record._id, record.code),
    template:
      record.templateId === undefined
        ? null
        : { id: record.templateId, variables: record.variables ?? {} },
    status: record.status,
    attempts: record.attempts,
    createdAt: record.createdAt,
    nextAttemptAt: record.nextAttemptAt,
    expiresAt: record.expiresAt,
    leaseUntil: record.leaseUntil,
    sentAt: record.sentAt,
    lastError: record.lastError,
    providerResponse: record.providerResponse,
    report: record.report,
  };
}

@Injectable()
export class MongoSmsOutboxStore extends SmsOutboxStore {
  private readonly claims: ClaimOnce<FieldsOf<SmsClaimRecord>>;

  constructor(
    @InjectModel(SmsRecord.name) private readonly messages: Model<SmsRecord>,
    @InjectModel(SmsClaimRecord.name) claimModel: Model<SmsClaimRecord>,
    private readonly seal: SmsCodeSeal,
  ) {
    super();
    this.claims = new ClaimOnce<FieldsOf<SmsClaimRecord>>(
      claimModel.db,
      claimCollectionOf(claimModel),
    );
  }

  /** Claims attempt `attempt` of the message for `holder`: true for the one caller that does. */
  private async claim(id: string, attempt: number, holder: string, at: Date): Promise<boolean> {
    return this.claims.claim({ _id: `${id}:${attempt}`, holder, at });
  }

  async add(sms: OutgoingSms, now: Date): Promise<StoredSms> {
    try {
      const created = await this.messages.create({
        _id: sms.key,
        to: sms.to,
        kind: sms.kind,
        ...(sms.kind === 'otp'
          ? { code: this.seal.seal(sms.key, sms.code), nextAttemptAt: now }
          : {
              code: null,
              templateId: sms.templateId,
              variables: sms.variables,
              nextAttemptAt: sms.notBefore,
              ...(sms.report !== undefined && { report: sms.report }),
            }),
        status: 'queued',
        attempts: 0,
        createdAt: now,
        expiresAt: sms.expiresAt,
      });
      return toStoredSms(created.toObject(), this.seal);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.find(sms.key);
      if (!existing) throw error;
      return existing;
    }
  }

  async find(id: string): Promise<StoredSms | undefined> {
    const record = await this.messages.findById(id).lean<SmsRecord>().exec();
    return record ? toStoredSms(record, this.seal) : undefined;
  }

  async due(now: Date, limit: number): Promise<StoredSms[]> {
    const records = await this.messages
      .find({
        $or: [
          { status: 'queued', nextAttemptAt: { $lte: now } },
          { status: 'sending', leaseUntil: { $lte: now } },
        ],
      })
      .sort({ nextAttemptAt: 1 })
      .limit(limit)
      .lean<SmsRecord[]>()
      .exec();
    return records.map((record) => toStoredSms(record, this.seal));
  }

  async claimAttempt(message: StoredSms, now: Date, leaseUntil: Date): Promise<boolean> {
    const attempt = message.attempts + 1;
    if (!(await this.claim(message.id, attempt, 'worker', now))) return false;
    await this.messages
      .updateOne(
        { _id: message.id },
        { $set: { status: 'sending', attempts: attempt, leaseUntil } },
      )
      .exec();
    return true;
  }

  async markSent(id: string, attempt: number, at: Date, response: string): Promise<void> {
    await this.messages
      .updateOne(
        { _id: id, attempts: attempt },
        { $set: { status: 'sent', sentAt: at, providerResponse: response, code: null } },
      )
      .exec();
  }

  async reschedule(id: string, attempt: number, at: Date, error: string): Promise<void> {
    await this.messages
      .updateOne(
        { _id: id, attempts: attempt },
        { $set: { status: 'queued', nextAttemptAt: at, lastError: error } },
      )
      .exec();
  }

  async settle(
    id: string,
    attempt: number,
    status: 'failed' | 'expired',
    error: string,
  ): Promise<void> {
    await this.messages
      .updateOne({ _id: id, attempts: attempt }, { $set: { status, lastError: error, code: null } })
      .exec();
  }

  async withdraw(id: string): Promise<boolean> {
    const message = await this.find(id);
    if (!message || (message.status !== 'queued' && message.status !== 'failed')) return false;
    // Taking the next attempt's claim: no worker can send it any more.
    if (!(await this.claim(id, message.attempts + 1, 'withdrawn', new Date()))) return false;
    await this.messages
      .updateOne({ _id: id }, { $set: { status: 'withdrawn', code: null } })
      .exec();
    return true;
  }

  async countSentSince(since: Date): Promise<number> {
    return this.messages.countDocuments({ status: 'sent', sentAt: { $gte: since } }).exec();
  }
}
