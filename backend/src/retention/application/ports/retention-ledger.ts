/** A report of erasures: its id (also the audit event's) and how many entries it counts. */
export interface ErasureReport {
  readonly id: string;
  readonly erasedEntries: number;
}

/**
 * The retention job's own records, so any number of instances share it and a process killed
 * half-way (SIGKILL) is resumed by the next run: the window each run claims, the erasure claimed
 * for each entry (one claimant at a time, taken over when its lease lapses) and when it finished,
 * and the reports of finished erasures, each written to the audit log once. Rows hold entry ids
 * only, and go once reported.
 */
export abstract class RetentionLedger {
  /** True for the one caller that claims the run of the window starting at `windowStart`. */
  abstract claimWindow(windowStart: Date): Promise<boolean>;

  /** True when the caller may erase the entry now: unclaimed, or its claimant's lease lapsed. */
  abstract claimErasure(entryId: string, now: Date, leaseUntil: Date): Promise<boolean>;

  /** Entries claimed, not finished, whose lease lapsed before `now` (a killed run's). */
  abstract lapsedErasures(now: Date): Promise<string[]>;

  /** The entry is gone: its erasure counts in the next report. */
  abstract markErased(entryId: string, at: Date): Promise<void>;

  /**
   * Gathers the finished erasures not in any report into a new one (when there are any), and
   * answers every report not yet closed, the new one included.
   */
  abstract openReports(): Promise<ErasureReport[]>;

  /** The report is in the audit log: its rows go. */
  abstract closeReport(reportId: string): Promise<void>;
}
