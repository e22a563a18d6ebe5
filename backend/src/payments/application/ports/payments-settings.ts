/** The payments' settings (their variables: payments/payments.settings.ts). */
export class PaymentsSettings {
  constructor(
    /** PAYLOCK_FEE_BASIS_POINTS: Paylock's fee, in 1/100 of a percent of each milestone. */
    readonly feeBasisPoints: number,
    /** PUBLIC_URL: the web app's origin (the API is under /api there). */
    readonly publicUrl: string,
    /** PAYMENTS_WORKER_INTERVAL_MS: how often every instance drives the due intents. */
    readonly workerIntervalMs: number,
    /** PAYMENTS_APPROVAL_DAY_MS: the length of an approval-window day (a day, but in tests). */
    readonly approvalDayMs: number,
    /** PAYMENTS_RECONCILIATION_INTERVAL_MS: how often the reconciliation runs (one instance each). */
    readonly reconciliationIntervalMs: number,
    /** PAYMENTS_INTENT_LEASE_MS: how long an instance keeps an intent it drives. */
    readonly intentLeaseMs = 60_000,
  ) {}
}
