import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Types } from 'mongoose';

/** Brand accounts (#25), beside `users`: their key is the mobile number, not a Google id. */
@Schema({
  collection: 'brand_accounts',
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class BrandAccountRecord {
  _id!: Types.ObjectId;

  /** E.164. One account per number: the unique index is what enforces it. */
  @Prop({ type: String, required: true, unique: true })
  phone!: string;

  @Prop({ type: String, default: null })
  companyName!: string | null;

  @Prop({ type: String, default: null })
  contactName!: string | null;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  lastLoginAt!: Date;
}

export const BrandAccountSchema = SchemaFactory.createForClass(BrandAccountRecord);
