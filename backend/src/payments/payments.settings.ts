import { z } from 'zod';
import { integerBetween } from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';

/** Milestone money (#26, docs/payments.md). */
export interface PaymentsConfig {
  /** PAYLOCK_FEE_BASIS_POINTS: Paylock's fee per milestone in 1/100 % (0–2000), kept at release. */
  readonly feeBasisPoints: number;
  /** PAYMENTS_WORKER_INTERVAL_MS: how often each instance drives the due payment intents. */
  readonly workerIntervalMs: number;
  /** PAYMENTS_RECONCILIATION_INTERVAL_MS: how often the ledger is reconciled with the gateway. */
  readonly reconciliationIntervalMs: number;
  /** PAYMENTS_APPROVAL_DAY_MS: an approval-window day (a real day; shorter only outside production). */
  readonly approvalDayMs: number;
  /** PAYMENTS_INTENT_LEASE_MS: how long an instance keeps an intent it drives (a crashed one's waits this long). */
  readonly intentLeaseMs: number;
}

const A_DAY_MS = 86_400_000;

/** The milestones' money (the gateway's own settings: payment-gateway.settings.ts). */
export const PAYMENTS_SETTINGS = moduleSettings({
  variables: z.object({
    PAYLOCK_FEE_BASIS_POINTS: integerBetween(0, 2000).default(0),
    PAYMENTS_WORKER_INTERVAL_MS: integerBetween(100, 600_000).default(5_000),
    PAYMENTS_RECONCILIATION_INTERVAL_MS: integerBetween(1_000, 7 * A_DAY_MS).default(3_600_000),
    PAYMENTS_APPROVAL_DAY_MS: integerBetween(1, A_DAY_MS).default(A_DAY_MS),
    PAYMENTS_INTENT_LEASE_MS: integerBetween(1_000, 600_000).default(60_000),
  }),
  /** A day is a day in production. */
  problems(values, { nodeEnv }) {
    return nodeEnv === 'production' && values.PAYMENTS_APPROVAL_DAY_MS !== A_DAY_MS
      ? ['PAYMENTS_APPROVAL_DAY_MS must be left unset in production (a day is a day)']
      : [];
  },
  settings: (values): PaymentsConfig => ({
    feeBasisPoints: values.PAYLOCK_FEE_BASIS_POINTS,
    workerIntervalMs: values.PAYMENTS_WORKER_INTERVAL_MS,
    approvalDayMs: values.PAYMENTS_APPROVAL_DAY_MS,
    reconciliationIntervalMs: values.PAYMENTS_RECONCILIATION_INTERVAL_MS,
    intentLeaseMs: values.PAYMENTS_INTENT_LEASE_MS,
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly payments: PaymentsConfig;
  }
}
