import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument, Types } from 'mongoose';
import type { AccountType } from '../../../domain/user.js';

@Schema({
  collection: 'users',
  versionKey: false,
  // The repository builds the indexes and waits for them before its first insert: autoIndex and
  // autoCreate would work in the background once the connection opens, racing the first sign-ups.
  autoIndex: false,
  autoCreate: false,
})
export class UserRecord {
  _id!: Types.ObjectId;

  /** One account per Google identity: the unique index is what enforces it. */
  @Prop({ type: String, required: true, unique: true })
  googleId!: string;

  @Prop({ type: String, required: true })
  email!: string;

  /** The name the identity provider gives (updated at every sign-in). */
  @Prop({ type: String, required: true })
  displayName!: string;

  /** The name the person chose in Settings; shown instead of the provider's when set. */
  @Prop({ type: String, default: null })
  chosenDisplayName?: string | null;

  @Prop({ type: String, default: null })
  photoURL!: string | null;

  @Prop({ type: String, required: true })
  accountType!: AccountType;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  lastLoginAt!: Date;
}

export type UserDocument = HydratedDocument<UserRecord>;
export const UserSchema = SchemaFactory.createForClass(UserRecord);
