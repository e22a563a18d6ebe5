import { z } from 'zod';
import { integerBetween } from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';

/** Payout profiles: PAN and bank accounts, encrypted at rest (#26). */
export interface PayoutsConfig {
  /**
   * PAYOUT_ENCRYPTION_KEY (32 bytes, base64): encrypts PAN and bank account numbers at rest.
   * Required in production; elsewhere a fixed development key that production refuses.
   */
  readonly encryptionKey: Buffer;
  /** PAYOUT_ENCRYPTION_PREVIOUS_KEYS: older keys, still read after a rotation (comma-separated). */
  readonly previousEncryptionKeys: readonly Buffer[];
  /** PAYOUT_WORKER_INTERVAL_MS: how often each instance follows pending linked accounts. */
  readonly workerIntervalMs: number;
}

/** Outside production only: a known key, so a restarted development server reads its data. */
export const DEVELOPMENT_PAYOUT_ENCRYPTION_KEY = Buffer.alloc(
  32,
  'paylock-development-only-key!!!!',
);

/** 32 bytes in standard base64 (44 characters with its padding). */
function isEncryptionKey(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32;
}

export const PAYOUTS_SETTINGS = moduleSettings({
  variables: z.object({
    /** Unset outside production: the development key. */
    PAYOUT_ENCRYPTION_KEY: z
      .string()
      .trim()
      .refine(isEncryptionKey, 'must be 32 random bytes in base64 (openssl rand -base64 32)')
      .optional(),
    PAYOUT_ENCRYPTION_PREVIOUS_KEYS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((key) => key.trim())
          .filter((key) => key !== ''),
      )
      .refine(
        (keys) => keys.every(isEncryptionKey),
        'must be comma-separated keys of 32 bytes in base64',
      )
      .optional(),
    PAYOUT_WORKER_INTERVAL_MS: integerBetween(100, 3_600_000).default(30_000),
  }),
  problems(values, { nodeEnv }) {
    if (nodeEnv !== 'production') return [];
    if (!values.PAYOUT_ENCRYPTION_KEY) {
      return [
        'PAYOUT_ENCRYPTION_KEY is required in production (32 random bytes in base64: openssl rand -base64 32)',
      ];
    }
    if (
      Buffer.from(values.PAYOUT_ENCRYPTION_KEY, 'base64').equals(DEVELOPMENT_PAYOUT_ENCRYPTION_KEY)
    ) {
      return ['PAYOUT_ENCRYPTION_KEY must not be the development key in production'];
    }
    return [];
  },
  settings: (values): PayoutsConfig => ({
    encryptionKey: values.PAYOUT_ENCRYPTION_KEY
      ? Buffer.from(values.PAYOUT_ENCRYPTION_KEY, 'base64')
      : DEVELOPMENT_PAYOUT_ENCRYPTION_KEY,
    previousEncryptionKeys: (values.PAYOUT_ENCRYPTION_PREVIOUS_KEYS ?? []).map((key) =>
      Buffer.from(key, 'base64'),
    ),
    workerIntervalMs: values.PAYOUT_WORKER_INTERVAL_MS,
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly payouts: PayoutsConfig;
  }
}
