/**
 * The money's reconciliation as the admin overview shows it (#26): how many differences the last
 * run found between the ledger and the payment gateway. Provided by the payments module (a global
 * provider); absent where it is not wired in.
 */
export abstract class ReconciliationSummary {
  /** The last run's differences, or null when no run has happened yet. */
  abstract lastDifferenceCount(): Promise<{ count: number; ranAt: Date } | null>;
}
