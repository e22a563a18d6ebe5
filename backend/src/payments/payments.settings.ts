import { z } from 'zod';
import {
  httpUrl,
  integerBetween,
  realEndpointProblems,
  requiredInProduction,
} from '../common/infrastructure/settings/env-values.js';
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

/** Razorpay (payments, Route), or the local payment gateway that speaks its API (#26, docs/operations.md). */
export interface RazorpayConfig {
  /** RAZORPAY_API_URL without trailing slash: https://api.razorpay.com unless set. */
  readonly apiUrl: string;
  /** RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: the API key pair (Basic auth). Empty outside production when unset. */
  readonly keyId: string;
  readonly keySecret: string;
  /** RAZORPAY_WEBHOOK_SECRET: signs the webhooks. Empty (every webhook refused) when unset outside production. */
  readonly webhookSecret: string;
}

/** Razorpay's API host: what production talks to (docs/operations.md, Payments). */
export const RAZORPAY_API_URL = 'https://api.razorpay.com';

const RAZORPAY_VARIABLES = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
] as const;
const MIN_RAZORPAY_WEBHOOK_SECRET_LENGTH = 16;
const A_DAY_MS = 86_400_000;

/** The milestones' money and the gateway that moves it. */
export const PAYMENTS_SETTINGS = moduleSettings({
  variables: z.object({
    PAYLOCK_FEE_BASIS_POINTS: integerBetween(0, 2000).default(0),
    PAYMENTS_WORKER_INTERVAL_MS: integerBetween(100, 600_000).default(5_000),
    PAYMENTS_RECONCILIATION_INTERVAL_MS: integerBetween(1_000, 7 * A_DAY_MS).default(3_600_000),
    PAYMENTS_APPROVAL_DAY_MS: integerBetween(1, A_DAY_MS).default(A_DAY_MS),
    PAYMENTS_INTENT_LEASE_MS: integerBetween(1_000, 600_000).default(60_000),
    RAZORPAY_API_URL: httpUrl
      .refine((value) => new URL(value).search === '' && new URL(value).hash === '', {
        message: 'must be a URL without query or fragment, like https://api.razorpay.com',
      })
      .transform((value) => value.replace(/\/+$/, ''))
      .default(RAZORPAY_API_URL),
    RAZORPAY_KEY_ID: z
      .string()
      .trim()
      .regex(/^rzp_(test|live)_[A-Za-z0-9]{1,40}$/, 'must be a Razorpay key id, like rzp_live_…')
      .optional(),
    RAZORPAY_KEY_SECRET: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    RAZORPAY_WEBHOOK_SECRET: z
      .string()
      .trim()
      .max(200, 'must be at most 200 characters')
      .optional(),
  }),
  /** A day is a day in production; Razorpay's keys, and Razorpay itself, never a local gateway. */
  problems(values, { nodeEnv }) {
    if (nodeEnv !== 'production') return [];
    const problems: string[] = [];
    if (values.PAYMENTS_APPROVAL_DAY_MS !== A_DAY_MS) {
      problems.push('PAYMENTS_APPROVAL_DAY_MS must be left unset in production (a day is a day)');
    }
    problems.push(...requiredInProduction(values, RAZORPAY_VARIABLES, 'Payments'));
    const secret = values.RAZORPAY_WEBHOOK_SECRET;
    if (secret && secret.length < MIN_RAZORPAY_WEBHOOK_SECRET_LENGTH) {
      problems.push(
        `RAZORPAY_WEBHOOK_SECRET must be at least ${MIN_RAZORPAY_WEBHOOK_SECRET_LENGTH} random characters in production`,
      );
    }
    problems.push(
      ...realEndpointProblems('RAZORPAY_API_URL', values.RAZORPAY_API_URL, {
        whose: 'Razorpay’s',
        standIn: 'a local payment gateway',
      }),
    );
    return problems;
  },
  settings: (values): { readonly payments: PaymentsConfig; readonly razorpay: RazorpayConfig } => ({
    payments: {
      feeBasisPoints: values.PAYLOCK_FEE_BASIS_POINTS,
      workerIntervalMs: values.PAYMENTS_WORKER_INTERVAL_MS,
      reconciliationIntervalMs: values.PAYMENTS_RECONCILIATION_INTERVAL_MS,
      approvalDayMs: values.PAYMENTS_APPROVAL_DAY_MS,
      intentLeaseMs: values.PAYMENTS_INTENT_LEASE_MS,
    },
    razorpay: {
      apiUrl: values.RAZORPAY_API_URL,
      keyId: values.RAZORPAY_KEY_ID ?? '',
      keySecret: values.RAZORPAY_KEY_SECRET ?? '',
      webhookSecret: values.RAZORPAY_WEBHOOK_SECRET ?? '',
    },
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly payments: PaymentsConfig;
    readonly razorpay: RazorpayConfig;
  }
}
