import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Types } from 'mongoose';

/** One waitlist entry as stored: normalised values only. */
@Schema({
  collection: 'waitlist_entries',
  versionKey: false,
  strict: 'throw',
  // The repository creates the indexes itself and waits for them before its first insert:
  // autoIndex would build them in the background once the connection opens, racing writes.
  autoIndex: false,
  autoCreate: false,
})
export class WaitlistEntryRecord {
  _id!: Types.ObjectId;

  @Prop({ required: true })
  fullName!: string;

  @Prop({ required: true })
  email!: string;

  /** Ten digits, no country code: the key of the phone uniqueness. */
  @Prop({ required: true })
  phone!: string;

  @Prop({ required: true })
  phoneE164!: string;

  @Prop({ required: true })
  instagramHandle!: string;

  @Prop({ required: true })
  userType!: string;

  @Prop({ required: true })
  seat!: number;

  @Prop({ required: true })
  privacyNoticeVersion!: string;

  @Prop({ required: true })
  consentedAt!: Date;
}

/** The same fields as a plain object, as the mapper builds them. */
export type WaitlistEntryFields = Pick<WaitlistEntryRecord, keyof WaitlistEntryRecord>;

export const WAITLIST_ENTRY_MODEL = WaitlistEntryRecord.name;

export const waitlistEntrySchema = SchemaFactory.createForClass(WaitlistEntryRecord);

// Every field a unique index covers is always written (FerretDB has no partial/sparse indexes).
waitlistEntrySchema.index({ phone: 1 }, { unique: true, name: 'phone_unique' });
waitlistEntrySchema.index({ email: 1 }, { unique: true, name: 'email_unique' });
waitlistEntrySchema.index({ seat: 1 }, { unique: true, name: 'seat_unique' });
