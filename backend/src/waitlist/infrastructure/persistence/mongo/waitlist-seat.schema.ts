import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type Types } from 'mongoose';

export const WAITLIST_SEATS_COLLECTION = 'waitlist_seats';
export const SEAT_ENTRY_INDEX = 'entry_unique';

/**
 * One claimed seat: `_id` is the seat number (unique by nature), `entryId` unique too, so a seat
 * has one entry and an entry one seat. Kept apart from the entries because FerretDB has no
 * partial unique index, and unconfirmed entries have no seat.
 */
@Schema({
  collection: WAITLIST_SEATS_COLLECTION,
  versionKey: false,
  autoIndex: false,
  autoCreate: false,
})
export class WaitlistSeatRecord {
  @Prop({ type: Number, required: true })
  _id!: number;

  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  entryId!: Types.ObjectId;

  @Prop({ type: Date, required: true })
  claimedAt!: Date;
}

/** A seat as stored (what the seat migration writes too). */
export type WaitlistSeatDocument = WaitlistSeatRecord;

export const WaitlistSeatSchema = SchemaFactory.createForClass(WaitlistSeatRecord);
WaitlistSeatSchema.index({ entryId: 1 }, { unique: true, name: SEAT_ENTRY_INDEX });
