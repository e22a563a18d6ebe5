import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKeyError } from '../../database/duplicate-key.js';
import { SmsOutboxStore } from '../application/ports/sms-outbox.store.js';
import type { SmsStatus, StoredSms } from '../domain/sms-message.js';
import type { OutgoingSms } from '../sms.contract.js';

/** One document per message, keyed by its idempotency key. */
@Schema({ collection: 'sms_outbox', versionKey: false, autoIndex: false })
export class SmsRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  to!: string;

  @Prop({ type: String, required: true })
  kind!: 'otp';

  /** Held only while the message may still go out; null once settled. */
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
}

export const SmsSchema = SchemaFactory.createForClass(SmsRecord);
SmsSchema.index({ status: 1, nextAttemptAt: 1 });

function toStoredSms(record: SmsRecord): StoredSms {
  return {
    id: record._id,
    to: record.to,
    kind: record.kind,
    code: record.code,
    status: record.status,
    attempts: record.attempts,
    createdAt: record.createdAt,
    nextAttemptAt: record.nextAttemptAt,
    expiresAt: record.expiresAt,
    leaseUntil: record.leaseUntil,
    sentAt: record.sentAt,
    lastError: record.lastError,
    providerResponse: record.providerResponse,
  };
}

@Injectable()
export class MongoSmsOutboxStore extends SmsOutboxStore {
  constructor(@InjectModel(SmsRecord.name) private readonly messages: Model<SmsRecord>) {
    super();
  }

  async add(sms: OutgoingSms, now: Date): Promise<StoredSms> {
    try {
      const created = await this.messages.create({
        _id: sms.key,
        to: sms.to,
        kind: sms.kind,
        code: sms.code,
        status: 'queued',
        attempts: 0,
        createdAt: now,
        nextAttemptAt: now,
        expiresAt: sms.expiresAt,
      });
      return toStoredSms(created.toObject());
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.find(sms.key);
      if (!existing) throw error;
      return existing;
    }
  }

  async find(id: string): Promise<StoredSms | undefined> {
    const record = await this.messages.findById(id).lean<SmsRecord>().exec();
    return record ? toStoredSms(record) : undefined;
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
    return records.map(toStoredSms);
  }

  async claimAttempt(message: StoredSms, now: Date, leaseUntil: Date): Promise<boolean> {
    const current =
      message.status === 'sending'
        ? { status: 'sending' as const, leaseUntil: { $lte: now } }
        : { status: 'queued' as const, nextAttemptAt: { $lte: now } };
    const result = await this.messages
      .updateOne(
        { _id: message.id, attempts: message.attempts, ...current },
        { $set: { status: 'sending', leaseUntil }, $inc: { attempts: 1 } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  async markSent(id: string, attempt: number, at: Date, response: string): Promise<void> {
    await this.messages
      .updateOne(
        { _id: id, attempts: attempt, status: 'sending' },
        { $set: { status: 'sent', sentAt: at, providerResponse: response, code: null } },
      )
      .exec();
  }

  async reschedule(id: string, attempt: number, at: Date, error: string): Promise<void> {
    await this.messages
      .updateOne(
        { _id: id, attempts: attempt, status: 'sending' },
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
      .updateOne(
        { _id: id, attempts: attempt, status: 'sending' },
        { $set: { status, lastError: error, code: null } },
      )
      .exec();
  }

  async withdraw(id: string): Promise<boolean> {
    const result = await this.messages
      .updateOne(
        { _id: id, status: { $in: ['queued', 'failed'] } },
        { $set: { status: 'withdrawn', code: null } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  async countSentSince(since: Date): Promise<number> {
    return this.messages.countDocuments({ status: 'sent', sentAt: { $gte: since } }).exec();
  }
}
