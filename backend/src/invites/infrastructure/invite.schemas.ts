import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export const INVITES_COLLECTION = 'invites';
export const INVITE_CLAIMS_COLLECTION = 'invite_claims';
export const INVITE_WAVES_COLLECTION = 'invite_waves';

/**
 * One invite as stored: `_id` is the invite id; `entryId` and `codeHash` are unique. The store
 * builds the indexes before its first write (autoIndex and autoCreate would race it).
 */
@Schema({ collection: INVITES_COLLECTION, versionKey: false, autoIndex: false, autoCreate: false })
export class InviteRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  entryId!: string;

  @Prop({ type: String, required: true })
  waveId!: string;

  @Prop({ type: String, required: true })
  email!: string;

  @Prop({ type: String, required: true })
  name!: string;

  @Prop({ type: String, required: true })
  codeHash!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  sentAt!: Date;

  @Prop({ type: Number, required: true })
  sendCount!: number;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;

  @Prop({ type: Date, required: false })
  revokedAt?: Date;

  @Prop({ type: Date, required: false })
  redeemedAt?: Date;

  @Prop({ type: String, required: false })
  accountUserId?: string;

  @Prop({ type: String, required: false })
  accountEmail?: string;

  @Prop({ type: Date, required: false })
  erasedAt?: Date;
}

export const InviteSchema = SchemaFactory.createForClass(InviteRecord);
// Every field a unique index covers is always written (FerretDB: no partial/sparse indexes).
InviteSchema.index({ entryId: 1 }, { name: 'entry_unique', unique: true });
InviteSchema.index({ codeHash: 1 }, { name: 'code_hash_unique', unique: true });
InviteSchema.index({ waveId: 1 }, { name: 'wave' });

/** The claim deciding an invite's fate: `_id` is the invite id, unique by nature. */
@Schema({
  collection: INVITE_CLAIMS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class InviteClaimRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  outcome!: 'redeemed' | 'revoked';

  @Prop({ type: Date, required: true })
  at!: Date;

  @Prop({ type: String, required: false })
  userId?: string;

  @Prop({ type: String, required: false })
  googleId?: string;
}

export const InviteClaimSchema = SchemaFactory.createForClass(InviteClaimRecord);

/** One wave of invites sent by an admin. */
@Schema({
  collection: INVITE_WAVES_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class InviteWaveRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Date, required: true })
  at!: Date;

  @Prop({ type: String, required: true })
  actorUserId!: string;

  @Prop({ type: String, required: true })
  selection!: 'next' | 'selected';

  @Prop({ type: Number, required: true })
  invited!: number;

  @Prop({ type: Number, required: true })
  resent!: number;
}

export const InviteWaveSchema = SchemaFactory.createForClass(InviteWaveRecord);

/** The invites' models, as the module registers them. */
export const INVITE_MODELS = [
  { name: InviteRecord.name, schema: InviteSchema },
  { name: InviteClaimRecord.name, schema: InviteClaimSchema },
  { name: InviteWaveRecord.name, schema: InviteWaveSchema },
];
