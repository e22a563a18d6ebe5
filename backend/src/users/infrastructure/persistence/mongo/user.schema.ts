import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument, Types } from 'mongoose';
import type { AccountType } from '../../../domain/user.js';

@Schema({ collection: 'users', versionKey: false })
export class UserRecord {
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true, unique: true })
  googleId!: string;

  @Prop({ type: String, required: true })
  email!: string;

  @Prop({ type: String, required: true })
  displayName!: string;

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
