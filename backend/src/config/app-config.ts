import { ADMIN_SETTINGS, type AdminConfig } from '../admin/admin.settings.js';
import { AUTH_SETTINGS, type AuthConfig } from '../auth/auth.settings.js';
import { DEALS_SETTINGS, type DealsConfig } from '../deals/deals.settings.js';
import { INVITES_SETTINGS, type InvitesConfig } from '../invites/invites.settings.js';
import { MAIL_SETTINGS, type MailConfig } from '../mail/mail.settings.js';
import { METRICS_SETTINGS, type MetricsConfig } from '../metrics/metrics.settings.js';
import {
  PAYMENTS_SETTINGS,
  type PaymentsConfig,
  type RazorpayConfig,
} from '../payments/payments.settings.js';
import { PAYOUTS_SETTINGS, type PayoutsConfig } from '../payouts/payouts.settings.js';
import { RATE_LIMIT_SETTINGS, type RateLimits } from '../rate-limit/rate-limit.settings.js';
import { PRIVACY_SETTINGS, type PrivacyConfig } from '../retention/retention.settings.js';
import { type OtpConfig, SMS_SETTINGS, type SmsConfig } from '../sms/sms.settings.js';
import { type Environment, readSettings, variableNames } from './compose-settings.js';
import { type HttpTimeouts, type LogLevel, PROCESS_SETTINGS } from './process.settings.js';
import type { NodeEnv } from '../common/infrastructure/settings/module-settings.js';

/**
 * The configuration, composed at start-up from the settings each module declares beside its code
 * (`<module>/<module>.settings.ts`; the process's own in ./process.settings.ts). A new variable
 * goes into the module that reads it (docs/development.md, ADR 0057).
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
};

/** The validated, typed configuration every part of the backend reads instead of process.env. */
export interface AppConfig {
  readonly nodeEnv: NodeEnv;
  readonly host: string;
  readonly port: number;
  readonly mongodbUri: string;
  readonly corsOrigins: readonly string[];
  readonly logLevel: LogLevel;
  readonly trustProxy: boolean;
  readonly dbServerSelectionTimeoutMs: number;
  /** Requests per client per minute on each rate-limited group of endpoints. */
  readonly rateLimits: RateLimits;
  readonly auth: AuthConfig;
  readonly mail: MailConfig;
  readonly httpTimeouts: HttpTimeouts;
  readonly admin: AdminConfig;
  readonly invites: InvitesConfig;
  readonly deals: DealsConfig;
  readonly payments: PaymentsConfig;
  readonly payouts: PayoutsConfig;
  readonly privacy: PrivacyConfig;
  readonly metrics: MetricsConfig;
  readonly otp: OtpConfig;
  readonly sms: SmsConfig;
  readonly razorpay: RazorpayConfig;
}

/**
 * Reads every module's settings from the environment, or throws one ConfigError naming each
 * variable that is wrong and what it expects, across all modules at once.
 */
export function parseConfig(env: Environment): AppConfig {
  const { process, sms, payments, ...features } = readSettings(MODULE_SETTINGS, env, (values) => ({
    nodeEnv: values.process.NODE_ENV,
  }));
  return {
    ...process,
    corsOrigins: process.corsOrigins ?? [new URL(features.auth.publicUrl).origin],
    ...features,
    ...sms,
    ...payments,
  };
}

/** The environment variables the backend reads (docs/operations.md and docker/ list exactly these). */
export function environmentVariableNames(): string[] {
  return variableNames(MODULE_SETTINGS);
}

export { ConfigError } from './compose-settings.js';
// What this file declared before the settings moved to their modules, so code written against it
// still compiles; new code imports from the module that owns the setting.
export type { HttpTimeouts, LogLevel } from './process.settings.js';
export { LOG_LEVELS } from './process.settings.js';
export type { NodeEnv } from '../common/infrastructure/settings/module-settings.js';
export { NODE_ENVS } from '../common/infrastructure/settings/module-settings.js';
export type { AdminConfig } from '../admin/admin.settings.js';
export { GOOGLE_OIDC_ENDPOINTS, isGoogleEndpoint } from '../auth/auth.settings.js';
export type { AuthConfig, OidcEndpoints } from '../auth/auth.settings.js';
export type { DealsConfig } from '../deals/deals.settings.js';
export { SIGNUP_MODES } from '../invites/invites.settings.js';
export type { InvitesConfig, SignupMode } from '../invites/invites.settings.js';
export type { MailConfig } from '../mail/mail.settings.js';
export type { MetricsConfig } from '../metrics/metrics.settings.js';
export { RAZORPAY_API_URL } from '../payments/payments.settings.js';
export type { PaymentsConfig, RazorpayConfig } from '../payments/payments.settings.js';
export { DEVELOPMENT_PAYOUT_ENCRYPTION_KEY } from '../payouts/payouts.settings.js';
export type { PayoutsConfig } from '../payouts/payouts.settings.js';
export type { RateLimits } from '../rate-limit/rate-limit.settings.js';
export type { PrivacyConfig } from '../retention/retention.settings.js';
export type { OtpConfig, SmsConfig } from '../sms/sms.settings.js';
