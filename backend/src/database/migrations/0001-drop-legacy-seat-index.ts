import type { Migration } from './migration.js';

/** "ns not found" (no collection yet) and "index not found": nothing to drop. */
const NOTHING_TO_DROP = new Set([26, 27]);

/**
 * Before confirmations (ADR 0022) `waitlist_entries.seat` had a unique index. Unconfirmed entries
 * have no seat, which that index (FerretDB has no partial indexes) would take for one shared
 * null seat; seats are unique in `waitlist_seats` now.
 */
export const dropLegacySeatIndex: Migration = {
  id: '0001-drop-legacy-seat-index',
  async up(db) {
    try {
      await db.collection('waitlist_entries').dropIndex('seat_unique');
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code !== 'number' || !NOTHING_TO_DROP.has(code)) throw error;
    }
  },
};
