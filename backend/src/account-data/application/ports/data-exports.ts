import type { PendingDataExport, ReadyDataExport } from '../../domain/data-export.js';

/**
 * The background exports' store (#41). Each step is claim-once or idempotent, so any number of
 * instances may work on the queue and a build killed half-way is taken over.
 */
export abstract class DataExports {
  /** Queues `pending` unless the account has one queued: answers the one that is (new or not). */
  abstract enqueue(pending: PendingDataExport): Promise<PendingDataExport>;
  abstract pendingOf(accountId: string): Promise<PendingDataExport | undefined>;
  /** The queue's oldest entries, `limit` at most. */
  abstract queued(limit: number): Promise<PendingDataExport[]>;
  /** True for the one caller that may build `exportId` in the attempt window `window`. */
  abstract claimAttempt(exportId: string, window: number): Promise<boolean>;
  /**
   * Stores the archive of the attempt claimed for window `attemptId` and then, claim-once, the
   * export as ready with it: true for the attempt that won (a losing attempt's bytes are removed).
   */
  abstract storeReady(
    ready: ReadyDataExport,
    attemptId: string,
    archive: Uint8Array,
  ): Promise<boolean>;
  abstract readyById(exportId: string): Promise<ReadyDataExport | undefined>;
  /** The account's latest ready copy (the previous one is removed when a newer is ready). */
  abstract latestReadyOf(accountId: string): Promise<ReadyDataExport | undefined>;
  /** Points the account at `ready` as its latest copy, removing the copy it replaces. */
  abstract makeLatest(ready: ReadyDataExport): Promise<void>;
  abstract archiveOf(ready: ReadyDataExport): Promise<Uint8Array | undefined>;
  abstract dequeue(pending: PendingDataExport): Promise<void>;
  /** Removes copies whose time is up; answers how many. */
  abstract removeExpired(now: Date, limit: number): Promise<number>;
  /** Everything of the account's exports: queued, ready and their bytes (its erasure). */
  abstract eraseOf(accountId: string): Promise<void>;
}
