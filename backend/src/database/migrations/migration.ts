import type mongoose from 'mongoose';

/** The database as a migration sees it: the driver's, with no schema of today's code. */
export type MigrationDb = mongoose.mongo.Db;

/**
 * One numbered change of stored data's shape, so that adapters describe today's shape only. It
 * must be idempotent: instances starting together may run it at once, and a run cut short is
 * run again whole. Collection and field names are written out as they were then, never taken
 * from today's schemas.
 */
export interface Migration {
  /** `NNNN-what-it-does`, in the order they run. */
  readonly id: string;
  up(db: MigrationDb): Promise<void>;
}
