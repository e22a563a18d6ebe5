/**
 * Where a worker kept the id of the last transaction it handled when it walked the journal by
 * position, before its ledger feed existed: read once at start to catch up (journal-walk.ts).
 */
export abstract class LedgerCursors {
  abstract get(name: string): Promise<string | null>;
  /** Moves the cursor forward (never back: an older id is ignored). */
  abstract advance(name: string, transactionId: string): Promise<void>;
}
