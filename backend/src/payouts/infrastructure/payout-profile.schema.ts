import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { LinkedAccountStatus } from '../../payment-gateway/payment-gateway.contract.js';
import { PAYOUT_METHODS, type PayoutMethod } from '../domain/payout-profile.js';
import type { PayoutProfileStatus } from '../payouts.contract.js';
import type { SealedField } from './aes-gcm-field-cipher.js';

@Schema({ _id: false, versionKey: false })
export class SealedFieldRecord {
  @Prop({ type: String, required: true })
  keyId!: string;

  @Prop({ type: String, required: true })
  data!: string;
}
const SealedFieldSchema = SchemaFactory.createForClass(SealedFieldRecord);

/** The current revision of a creator's payout profile, `_id` the creator's id. */
@Schema({ collection: 'payout_profiles', versionKey: false })
export class PayoutProfileRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  revision!: number;

  @Prop({ type: String, required: true })
  contactEmail!: string;

  @Prop({ type: String, required: true })
  legalName!: string;

  /** AES-256-GCM, bound to "<creatorId>:pan". */
  @Prop({ type: SealedFieldSchema, required: true })
  pan!: SealedField;

  @Prop({ type: String, required: true })
  phone!: string;

  /** Where the linked account settles (ADR 0059); before it, every profile was a bank account. */
  @Prop({ type: String, enum: PAYOUT_METHODS, required: true })
  payoutMethod!: PayoutMethod;

  /** AES-256-GCM, bound to "<creatorId>:accountNumber"; null for a UPI destination. */
  @Prop({ type: SealedFieldSchema, default: null })
  accountNumber!: SealedField | null;

  @Prop({ type: String, default: null })
  ifsc!: string | null;

  @Prop({ type: String, default: null })
  bankName!: string | null;

  /**
   * AES-256-GCM, bound to "<creatorId>:upiId"; null for a bank destination. A plain string is a
   * profile saved before #36 (read as it is, sealed at its next save).
   */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  upiId!: SealedField | string | null;

  /** AES-256-GCM, bound to "<creatorId>:gstin" (characters 3–12 are the PAN); a plain string as above. */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  gstin!: SealedField | string | null;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}
export const PayoutProfileSchema = SchemaFactory.createForClass(PayoutProfileRecord);

/**
 * One document per revision, `_id` "<creatorId>:<revision>": inserting it claims the revision
 * (a second save of the same revision is refused by the unique `_id`), and it holds that
 * revision's linked account as the gateway last reported it.
 */
@Schema({ collection: 'payout_profile_revisions', versionKey: false })
export class PayoutRevisionRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  creatorId!: string;

  @Prop({ type: Number, required: true })
  revision!: number;

  /** Only the creator's latest revision is followed by the worker. */
  @Prop({ type: Boolean, required: true })
  current!: boolean;

  @Prop({ type: String, default: null })
  accountId!: string | null;

  @Prop({ type: String, default: null })
  gatewayStatus!: LinkedAccountStatus | null;

  @Prop({ type: String, required: true })
  status!: PayoutProfileStatus;

  @Prop({ type: String, default: null })
  failureReason!: string | null;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}
export const PayoutRevisionSchema = SchemaFactory.createForClass(PayoutRevisionRecord);
PayoutRevisionSchema.index({ accountId: 1 });
PayoutRevisionSchema.index({ creatorId: 1, revision: 1 });
PayoutRevisionSchema.index({ status: 1, current: 1, updatedAt: 1 });

/** A worker round's claim on a revision, `_id` "<creatorId>:<revision>:<round>". */
@Schema({ collection: 'payout_profile_claims', versionKey: false })
export class PayoutClaimRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  creatorId!: string;

  @Prop({ type: Number, required: true })
  revision!: number;

  @Prop({ type: Number, required: true })
  round!: number;
}
export const PayoutClaimSchema = SchemaFactory.createForClass(PayoutClaimRecord);
PayoutClaimSchema.index({ creatorId: 1, round: 1 });

/**
 * What an erasure keeps, `_id` the creator's id: the last revision number and when (no personal
 * data), so a new profile's revisions, keys and reference ids never repeat an erased one's.
 */
@Schema({ collection: 'payout_profile_erasures', versionKey: false })
export class PayoutErasureRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  lastRevision!: number;

  @Prop({ type: Date, required: true })
  erasedAt!: Date;
}
export const PayoutErasureSchema = SchemaFactory.createForClass(PayoutErasureRecord);
