import { ADMIN_SETTINGS } from './admin/admin.settings.js';
import { AUTH_SETTINGS } from './auth/auth.settings.js';
import { type Environment, readSettings, variableNames } from './config/compose-settings.js';
import type { AppConfig } from './config/app-config.js';
import { PROCESS_SETTINGS } from './config/process.settings.js';
import { DEALS_SETTINGS } from './deals/deals.settings.js';
import { INVITES_SETTINGS } from './invites/invites.settings.js';
import { MAIL_SETTINGS } from './mail/mail.settings.js';
import { METRICS_SETTINGS } from './metrics/metrics.settings.js';
import { PAYMENT_GATEWAY_SETTINGS } from './payment-gateway/payment-gateway.settings.js';
import { PAYMENTS_SETTINGS } from './payments/payments.settings.js';
import { PAYOUTS_SETTINGS } from './payouts/payouts.settings.js';
import { RATE_LIMIT_SETTINGS } from './rate-limit/rate-limit.settings.js';
import { PRIVACY_SETTINGS } from './retention/retention.settings.js';
import { SMS_SETTINGS } from './sms/sms.settings.js';

/**
 * The configuration, composed at start-up from the top: the settings each module declares beside
 * its code (`<module>/<module>.settings.ts`, which also adds its part to `AppConfig`; the
 * process's own in config/process.settings.ts). config/ imports no module (ADR 0057, 0062).
 */

/** Every module's settings, in the order their problems are reported. */
const MODULE_SETTINGS = {
  process: PROCESS_SETTINGS,
  rateLimits: RATE_LIMIT_SETTINGS,
  privacy: PRIVACY_SETTINGS,
  mail: MAIL_SETTINGS,
  auth: AUTH_SETTINGS,
  admin: ADMIN_SETTINGS,
  invites: INVITES_SETTINGS,
  deals: DEALS_SETTINGS,
  payouts: PAYOUTS_SETTINGS,
  metrics: METRICS_SETTINGS,
  sms: SMS_SETTINGS,
  payments: PAYMENTS_SETTINGS,
  razorpay: PAYMENT_GATEWAY_SETTINGS,
};

/**
 * Reads every module's settings from the environment, or throws one ConfigError naming each
 * variable that is wrong and what it expects, across all modules at once.
 */
export function parseConfig(env: Environment): AppConfig {
  const { process, sms, ...features } = readSettings(MODULE_SETTINGS, env, (values) => ({
    nodeEnv: values.process.NODE_ENV,
  }));
  return {
    ...process,
    corsOrigins: process.corsOrigins ?? [new URL(features.auth.publicUrl).origin],
    ...features,
    ...sms,
  };
}

/** The environment variables the backend reads (docs/operations.md and docker/ list exactly these). */
export function environmentVariableNames(): string[] {
  return variableNames(MODULE_SETTINGS);
}

export { ConfigError } from './config/compose-settings.js';
