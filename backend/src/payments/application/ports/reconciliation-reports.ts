export interface ReconciliationDifference {
  readonly kind: string;
  readonly dealId: string | null;
  readonly milestoneId: string | null;
  readonly message: string;
  readonly ledgerPaise: number | null;
  readonly gatewayPaise: number | null;
}

export interface ReconciliationReport {
  readonly ranAt: Date;
  readonly checkedMilestones: number;
  readonly checkedTransactions: number;
  readonly differences: readonly ReconciliationDifference[];
}

export abstract class ReconciliationReports {
  /** Claims the run of the window starting at `windowStart`: true for one instance only. */
  abstract claimWindow(windowStart: Date): Promise<boolean>;
  abstract save(report: ReconciliationReport): Promise<void>;
  abstract latest(): Promise<ReconciliationReport | undefined>;
}
