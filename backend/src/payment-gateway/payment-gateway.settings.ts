import { z } from 'zod';
import {
  httpUrl,
  realEndpointProblems,
  requiredInProduction,
} from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';

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

/** The gateway that moves the milestones' money. */
export const PAYMENT_GATEWAY_SETTINGS = moduleSettings({
  variables: z.object({
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
  /** Razorpay's keys in production, and Razorpay itself, never a local gateway. */
  problems(values, { nodeEnv }) {
    if (nodeEnv !== 'production') return [];
    const problems = requiredInProduction(values, RAZORPAY_VARIABLES, 'Payments');
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
  settings: (values): RazorpayConfig => ({
    apiUrl: values.RAZORPAY_API_URL,
    keyId: values.RAZORPAY_KEY_ID ?? '',
    keySecret: values.RAZORPAY_KEY_SECRET ?? '',
    webhookSecret: values.RAZORPAY_WEBHOOK_SECRET ?? '',
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly razorpay: RazorpayConfig;
  }
}
