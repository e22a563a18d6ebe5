import type mongoose from 'mongoose';
import { isDuplicateKeysOnly } from '../duplicate-key.js';
import type { Migration } from './migration.js';

interface SeatDocument {
  readonly _id: number;
  readonly entryId: mongoose.mongo.ObjectId;
  readonly claimedAt: Date;
}

interface LegacyEntry {
  readonly _id: mongoose.mongo.ObjectId;
  readonly seat: number;
  readonly consentedAt: Date;
}

/**
 * Entries stored before confirmations existed (ADR 0022) hold their seat on the entry and have no
 * `status`. Their seats are copied to `waitlist_seats` (seat number as `_id`, unique `entryId`),
 * where every seat is claimed today; the same unique inserts make a second run, or another
 * instance's, change nothing.
 */
export const copyLegacySeats: Migration = {
  id: '0002-copy-legacy-seats',
  async up(db) {
    const legacy = await db
      .collection<LegacyEntry>('waitlist_entries')
      .find(
        { status: { $exists: false }, seat: { $exists: true } },
        { projection: { _id: 1, seat: 1, consentedAt: 1 } },
      )
      .toArray();
    if (legacy.length === 0) return;
    try {
      await db.collection<SeatDocument>('waitlist_seats').bulkWrite(
        legacy.map((entry) => ({
          insertOne: {
            document: { _id: entry.seat, entryId: entry._id, claimedAt: entry.consentedAt },
          },
        })),
        { ordered: false },
      );
    } catch (error) {
      // Copied before, some or all of them (another instance, or a run cut short).
      if (!isDuplicateKeysOnly(error)) throw error;
    }
  },
};
