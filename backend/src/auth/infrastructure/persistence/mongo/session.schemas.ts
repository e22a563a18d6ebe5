import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * Every record is keyed by `_id`, whose unique index always exists: the rotation claim is an
 * insert that fails on a duplicate key, atomic on MongoDB and FerretDB alike (no transactions,
 * no findOneAndUpdate).
 */
@Schema({ collection: 'auth_sessions', versionKey: false })
export class SessionRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  absoluteExpiresAt!: Date;

  @Prop({ type: Date, default: null })
  revokedAt!: Date | null;

  @Prop({ type: String, default: null })
  userAgent!: string | null;

  /** Absent on sessions started before it was recorded: their createdAt stands in. */
  @Prop({ type: Date })
  lastActiveAt!: Date;
}

/** A refresh token's SHA-256 hash as `_id`; the token itself is never stored. */
@Schema({ collection: 'auth_refresh_tokens', versionKey: false })
export class RefreshTokenRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  sessionId!: string;

  @Prop({ type: Date, required: true })
  issuedAt!: Date;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}

/** One per rotated refresh token, keyed by its hash: the claim-once record. */
@Schema({ collection: 'auth_refresh_rotations', versionKey: false })
export class RotationRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  sessionId!: string;

  @Prop({ type: Date, required: true })
  rotatedAt!: Date;

  /** The successor token, sealed with the rotated token (which only its holder has). */
  @Prop({ type: String, default: null })
  sealedSuccessor!: string | null;

  @Prop({ type: Date, default: null })
  successorExpiresAt!: Date | null;
}

export const SessionSchema = SchemaFactory.createForClass(SessionRecord).index({ userId: 1 });
export const RefreshTokenSchema = SchemaFactory.createForClass(RefreshTokenRecord);
export const RotationSchema = SchemaFactory.createForClass(RotationRecord).index({
  sessionId: 1,
  rotatedAt: 1,
});
