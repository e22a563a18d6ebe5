import { dropLegacySeatIndex } from './0001-drop-legacy-seat-index.js';
import { copyLegacySeats } from './0002-copy-legacy-seats.js';
import { payoutProfileMethod } from './0003-payout-profile-method.js';
import type { Migration } from './migration.js';

/** Every migration, in the order they run; a new one is appended with the next number. */
export const MIGRATIONS: readonly Migration[] = [
  dropLegacySeatIndex,
  copyLegacySeats,
  payoutProfileMethod,
];
