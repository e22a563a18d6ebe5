/** Where a worker that follows the ledger keeps the id of the last transaction it handled. */
export abstract class LedgerCursors {
  abstract get(name: string): Promise<string | null>;
  /** Moves the cursor forward (never back: an older id is ignored). */
  abstract advance(name: string, transactionId: string): Promise<void>;
  /** Forgets the cursor (a rebuild follows the ledger from its start again). */
  abstract reset(name: string): Promise<void>;
}
