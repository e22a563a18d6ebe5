import type { Types } from 'mongoose';

/**
 * One claimed seat: `_id` is the seat number (unique by nature), `entryId` unique too, so a seat
 * has one entry and an entry one seat. Kept apart from the entries because FerretDB has no
 * partial unique index, and unconfirmed entries have no seat.
 */
export interface WaitlistSeatDocument {
  _id: number;
  entryId: Types.ObjectId;
  claimedAt: Date;
}

export const WAITLIST_SEATS_COLLECTION = 'waitlist_seats';
export const SEAT_ENTRY_INDEX = 'entry_unique';
