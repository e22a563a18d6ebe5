import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  httpUrl,
  integerBetween,
  realEndpointProblems,
  requiredInProduction,
} from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';

/** Brand sign-in codes (#25, docs/auth.md). */
export interface OtpConfig {
  /**
   * OTP_SECRETS: HMAC keys of the stored codes. The first signs, all verify (rotation: put the
   * new secret first, drop the old one after the codes' 10 minutes). Random per process outside
   * production when unset.
   */
  readonly secrets: readonly string[];
}

/** SMS through MSG91's Flow API, or the local SMS inbox that speaks it (#25, docs/operations.md). */
export interface SmsConfig {
  /** SMS_BASE_URL without trailing slash; unset outside production: nothing is sent. */
  readonly baseUrl: string | undefined;
  readonly authKey: string;
  readonly templateId: string;
  /** The DLT-registered sender header (6 letters). */
  readonly sender: string;
  /** SMS_DLT_ENTITY_ID: the PE ID the MSG91 template must carry; the Flow API has no field for it. */
  readonly dltEntityId: string;
  /** SMS_HOURLY_BUDGET: SMS the whole service sends in an hour at most (pumping defence). */
  readonly hourlyBudget: number;
  /** One request to the provider. */
  readonly sendTimeoutMs: number;
  /**
   * SMS_NOTICE_TEMPLATE_IDS: the provider ids of the DLT-registered notice templates by name
   * (notifications' SMS_NOTICE_TEMPLATES), "name=id,name=id". Unset: `local-<name>` outside
   * production (the local SMS inbox registers those), none in production (no SMS notices).
   */
  readonly noticeTemplateIds: Readonly<Record<string, string>> | 'local';
}

const MIN_OTP_SECRET_LENGTH = 32;

const otpSecrets = z.string().transform((value, ctx) => {
  const secrets = value
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '');
  if (secrets.length === 0 || secrets.some((secret) => secret.length < MIN_OTP_SECRET_LENGTH)) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of secrets, each at least ${MIN_OTP_SECRET_LENGTH} characters`,
    });
    return z.NEVER;
  }
  return secrets;
});

const noticeTemplateIds = z.string().transform((value, ctx) => {
  const pairs = value
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => pair.split('=').map((part) => part.trim()));
  if (pairs.some((pair) => pair.length !== 2 || !/^\w+$/.test(pair[0] ?? '') || !pair[1])) {
    ctx.addIssue({ code: 'custom', message: 'must be name=id pairs separated by commas' });
    return z.NEVER;
  }
  return Object.fromEntries(pairs) as Record<string, string>;
});

const SMS_VARIABLES = [
  'SMS_BASE_URL',
  'SMS_AUTH_KEY',
  'SMS_TEMPLATE_ID',
  'SMS_SENDER',
  'SMS_DLT_ENTITY_ID',
] as const;

/** The SMS provider and the codes it carries (OTP_SECRETS also seals the brands' sign-in codes). */
export const SMS_SETTINGS = moduleSettings({
  variables: z.object({
    OTP_SECRETS: otpSecrets.optional(),
    SMS_BASE_URL: httpUrl.transform((value) => value.replace(/\/+$/, '')).optional(),
    SMS_AUTH_KEY: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    SMS_TEMPLATE_ID: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    SMS_SENDER: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{6}$/, 'must be the 6-letter DLT sender header, like PAYLCK')
      .optional(),
    SMS_DLT_ENTITY_ID: z
      .string()
      .trim()
      .regex(/^\d{10,25}$/, 'must be the DLT entity id (digits)')
      .optional(),
    SMS_NOTICE_TEMPLATE_IDS: noticeTemplateIds.optional(),
    SMS_HOURLY_BUDGET: integerBetween(1, 1_000_000).default(500),
    SMS_SEND_TIMEOUT_MS: integerBetween(100, 60_000).default(5_000),
  }),
  /** The SMS settings a real sender needs, and no local inbox in production. */
  problems(values, { nodeEnv }) {
    if (nodeEnv !== 'production') return [];
    const problems = requiredInProduction(values, SMS_VARIABLES, 'SMS');
    if (!values.OTP_SECRETS) {
      problems.push(
        `OTP_SECRETS is required in production (comma-separated, each at least ${MIN_OTP_SECRET_LENGTH} random characters)`,
      );
    }
    problems.push(
      ...realEndpointProblems('SMS_BASE_URL', values.SMS_BASE_URL, {
        whose: 'the provider’s',
        standIn: 'a local SMS inbox',
      }),
    );
    return problems;
  },
  settings: (values, { nodeEnv }): { readonly sms: SmsConfig; readonly otp: OtpConfig } => ({
    sms: {
      baseUrl: values.SMS_BASE_URL,
      authKey: values.SMS_AUTH_KEY ?? '',
      templateId: values.SMS_TEMPLATE_ID ?? '',
      sender: values.SMS_SENDER ?? 'PAYLCK',
      dltEntityId: values.SMS_DLT_ENTITY_ID ?? '',
      hourlyBudget: values.SMS_HOURLY_BUDGET,
      sendTimeoutMs: values.SMS_SEND_TIMEOUT_MS,
      noticeTemplateIds:
        values.SMS_NOTICE_TEMPLATE_IDS ?? (nodeEnv === 'production' ? {} : 'local'),
    },
    // Outside production a per-process secret: a restart only ends the codes in flight.
    otp: { secrets: values.OTP_SECRETS ?? [randomBytes(32).toString('base64url')] },
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly sms: SmsConfig;
    readonly otp: OtpConfig;
  }
}
