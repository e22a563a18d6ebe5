/**
 * "Download my data" built in the background (#41): asked for, prepared by a worker, then ready to
 * download for a week. Plain TypeScript.
 */

/** How long a prepared copy can be downloaded before it is deleted. */
export const DATA_EXPORT_LIFETIME_DAYS = 7;
const DAY_MS = 86_400_000;

/** An export being prepared: one at a time per account. */
export interface PendingDataExport {
  readonly id: string;
  readonly accountId: string;
  /** The session that asked (the archive marks it "this device"). */
  readonly sessionId: string;
  readonly requestedAt: Date;
}

/** A prepared copy: the archive's bytes are stored beside it. */
export interface ReadyDataExport {
  readonly id: string;
  readonly accountId: string;
  readonly requestedAt: Date;
  readonly readyAt: Date;
  readonly expiresAt: Date;
  readonly sizeBytes: number;
}

/** What Settings shows: the account's export being prepared, or its latest ready copy. */
export type DataExportStatus =
  | ({ readonly state: 'preparing' } & PendingDataExport)
  | ({ readonly state: 'ready' } & ReadyDataExport);

export function dataExportExpiry(readyAt: Date): Date {
  return new Date(readyAt.getTime() + DATA_EXPORT_LIFETIME_DAYS * DAY_MS);
}

export function isExpired(ready: ReadyDataExport, now: Date): boolean {
  return ready.expiresAt.getTime() <= now.getTime();
}
