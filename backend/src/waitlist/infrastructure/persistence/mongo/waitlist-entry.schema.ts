import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Types } from 'mongoose';

/** One event of an entry's history, as stored. */
export interface WaitlistHistoryRecord {
  at: Date;
  event: string;
  fields?: string[];
}

/**
 * One waitlist entry as stored: normalised values only. Documents written before confirmation
 * existed have no `status` (nor createdAt, history): they are confirmed entries, holding `seat`.
 */
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
  privacyNoticeVersion!: string;

  @Prop({ required: true })
  consentedAt!: Date;

  @Prop()
  createdAt?: Date;

  @Prop({ type: String })
  status?: 'awaiting_confirmation' | 'confirmed' | 'invited' | 'joined';

  @Prop()
  confirmedAt?: Date;

  /** Set at confirmation (a copy of the entry's row in waitlist_seats, which is what is unique). */
  @Prop()
  seat?: number;

  @Prop()
  confirmationExpiresAt?: Date;

  /** The account an invite was redeemed by (issue #15); its Google e-mail may differ. */
  @Prop()
  joinedAccountId?: string;

  @Prop()
  joinedAccountEmail?: string;

  /** A bot's submission (the honeypot was filled): never e-mailed, never confirmed. */
  @Prop()
  trapped?: boolean;

  @Prop({
    type: [{ _id: false, at: Date, event: String, fields: { type: [String], default: undefined } }],
  })
  history?: WaitlistHistoryRecord[];

  /** A new address asked for on the personal page, until its link is opened (#13). */
  @Prop({ type: { _id: false, email: String, requestedAt: Date }, default: undefined })
  pendingEmail?: { email: string; requestedAt: Date };

  /** The change request whose link set the current address (its requestedAt), if one did. */
  @Prop()
  emailChangeRequestedAt?: Date;

  /** The erasure began: the entry is closed, and goes once every step is done (#13). */
  @Prop()
  erasureRequestedAt?: Date;
}

/** The same fields as a plain object, as the mapper builds them. */
export type WaitlistEntryFields = Pick<WaitlistEntryRecord, keyof WaitlistEntryRecord>;

export const WAITLIST_ENTRY_MODEL = WaitlistEntryRecord.name;

export const waitlistEntrySchema = SchemaFactory.createForClass(WaitlistEntryRecord);

// Every field a unique index covers is always written (FerretDB has no partial/sparse indexes).
// No index on `seat`: unconfirmed entries have none; seats are unique in waitlist_seats.
waitlistEntrySchema.index({ phone: 1 }, { unique: true, name: 'phone_unique' });
waitlistEntrySchema.index({ email: 1 }, { unique: true, name: 'email_unique' });
