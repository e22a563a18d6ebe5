/**
 * Erasure: by request (begun, then finished by remove), after the retention period (idsAfter walks
 * every entry), and of unconfirmed entries whose link expired.
 */
export abstract class EntryErasure {
  /** Closes the entry to everyone and marks its erasure begun (idempotent: the first time stays). */
  abstract markErasureRequested(id: string, at: Date): Promise<void>;

  /** The last step of an erasure: the entry and its personal data go; its seat row stays. */
  abstract remove(id: string): Promise<void>;

  /** Entries whose erasure began but did not finish (a crash half-way): the sweeper finishes them. */
  abstract idsAwaitingErasure(): Promise<string[]>;

  /** Up to `limit` entry ids in id order, after `afterId` (from the first when undefined). */
  abstract idsAfter(afterId: string | undefined, limit: number): Promise<string[]>;

  /**
   * Erases entries still awaiting confirmation whose link expired before `before`; answers how
   * many. Idempotent, so any number of instances may run it.
   */
  abstract eraseUnconfirmedExpiredBefore(before: Date): Promise<number>;
}
