import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model, mongo } from 'mongoose';
import { ClaimOnce, claimCollectionOf, type FieldsOf } from '../../../../database/claim-once.js';
import type { MailKind } from '../../../domain/outgoing-mail.js';
import type { OutboxMessage, OutboxStatus } from '../../../domain/outbox-message.js';

export const OUTBOX_COLLECTION = 'outbox';
export const OUTBOX_CLAIMS_COLLECTION = 'outbox_claims';

/** A file sent with a message (a signed contract). */
@Schema({ _id: false, versionKey: false })
export class OutboxAttachmentRecord {
  @Prop({ type: String, required: true })
  filename!: string;

  @Prop({ type: String, required: true })
  contentType!: 'application/pdf';

  @Prop({ type: Buffer, required: true })
  content!: mongo.Binary;
}

const OutboxAttachmentSchema = SchemaFactory.createForClass(OutboxAttachmentRecord);

/** One message in `outbox`. `_id` is the message id (a UUID), the Message-ID's left part. */
@Schema({
  collection: OUTBOX_COLLECTION,
  versionKey: false,
  minimize: false,
  autoIndex: false,
  autoCreate: false,
})
export class OutboxRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** Unique: the enqueue's idempotency key. */
  @Prop({ type: String, required: true })
  key!: string;

  @Prop({ type: String, required: true })
  kind!: MailKind;

  @Prop({ type: Object, required: true })
  to!: { email: string; name: string };

  @Prop({ type: Object, required: true })
  data!: Record<string, string>;

  @Prop({ type: String, required: true })
  status!: OutboxStatus;

  @Prop({ type: Number, required: true })
  attempts!: number;

  @Prop({ type: Number, required: true })
  roundStartedAfter!: number;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  nextAttemptAt!: Date;

  @Prop({ type: Date })
  leaseUntil?: Date;

  @Prop({ type: Date })
  sentAt?: Date;

  @Prop({ type: Date })
  failedAt?: Date;

  @Prop({ type: String })
  lastError?: string;

  /** The server's answer to the accepted message ("250 …"). */
  @Prop({ type: String })
  lastResponse?: string;

  /** Redact `to`, `data` and the answers once sent or parked (an erasure's confirmation). */
  @Prop({ type: Boolean })
  forgetRecipientOnceSent?: boolean;

  /** Whom the message is about (an entry's id), for an erasure (OutgoingMail.about). */
  @Prop({ type: String })
  about?: string;

  /** Files sent with the message (a signed contract); emptied when the recipient is forgotten. */
  @Prop({ type: [OutboxAttachmentSchema], default: undefined })
  attachments?: FieldsOf<OutboxAttachmentRecord>[];

  /** OutgoingMail.report: whom to tell of the message's delivery status. */
  @Prop({ type: String })
  report?: string;
}

/** A message as stored (the e2e specs read it). */
export type OutboxDocument = FieldsOf<OutboxRecord>;

export const OutboxSchema = SchemaFactory.createForClass(OutboxRecord);
OutboxSchema.index({ key: 1 }, { name: 'key_unique', unique: true });
OutboxSchema.index({ status: 1, nextAttemptAt: 1 }, { name: 'status_next_attempt' });
OutboxSchema.index({ status: 1, leaseUntil: 1 }, { name: 'status_lease' });
OutboxSchema.index({ 'to.email': 1 }, { name: 'recipient' });
OutboxSchema.index({ about: 1 }, { name: 'about' });
OutboxSchema.index({ createdAt: -1 }, { name: 'created' });

/** One claimed attempt in `outbox_claims`: `_id` = `${messageId}:${attempt}`, unique by nature. */
@Schema({
  collection: OUTBOX_CLAIMS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class OutboxClaimRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  messageId!: string;

  @Prop({ type: Number, required: true })
  attempt!: number;

  @Prop({ type: String, required: true })
  holder!: string;

  @Prop({ type: Date, required: true })
  claimedAt!: Date;

  @Prop({ type: Date, required: true })
  leaseUntil!: Date;
}

export type OutboxClaimDocument = FieldsOf<OutboxClaimRecord>;

export const OutboxClaimSchema = SchemaFactory.createForClass(OutboxClaimRecord);

/** The outbox's attempt claims, through the claim-once kit. */
export function outboxClaimsOf(model: Model<OutboxClaimRecord>): ClaimOnce<OutboxClaimDocument> {
  return new ClaimOnce<OutboxClaimDocument>(model.db, claimCollectionOf(model));
}

export function claimIdOf(messageId: string, attempt: number): string {
  return `${messageId}:${attempt}`;
}

/** The one place that knows `_id`. */
export function toOutboxMessage(document: OutboxDocument): OutboxMessage {
  return {
    id: document._id,
    key: document.key,
    kind: document.kind,
    to: { email: document.to.email, name: document.to.name },
    data: { ...document.data },
    status: document.status,
    attempts: document.attempts,
    roundStartedAfter: document.roundStartedAfter,
    createdAt: document.createdAt,
    nextAttemptAt: document.nextAttemptAt,
    ...(document.leaseUntil && { leaseUntil: document.leaseUntil }),
    ...(document.sentAt && { sentAt: document.sentAt }),
    ...(document.failedAt && { failedAt: document.failedAt }),
    ...(document.lastError !== undefined && { lastError: document.lastError }),
    ...(document.report !== undefined && { report: document.report }),
    ...(document.attachments !== undefined &&
      document.attachments.length > 0 && {
        attachments: document.attachments.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content: content.buffer,
        })),
      }),
  };
}
