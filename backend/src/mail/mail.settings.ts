import { z } from 'zod';
import { normalizeEmailAddress } from '../common/domain/email-address.js';
import {
  booleanish,
  emailAddress,
  integerBetween,
  isLoopbackUrl,
} from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';
import type { OutboxWorkerSettings } from './application/ports/mail-settings.js';

/** E-mail: the SMTP server, the sender, and the outbox worker's tuning (MAIL_*). */
export interface MailConfig extends OutboxWorkerSettings {
  /** Unset outside production only: then nothing is delivered and messages stay queued. */
  readonly smtpUrl: string | undefined;
  /**
   * Whether this instance runs the outbox's delivery worker (MAIL_DELIVERY). Off: it only queues,
   * and other instances deliver — e.g. web instances kept free of SMTP work.
   */
  readonly delivery: boolean;
  /** smtp:// must upgrade with STARTTLS (in production, unless the relay is on loopback). */
  readonly requireTls: boolean;
  readonly from: { readonly name: string; readonly address: string };
  readonly supportEmail: string;
  /** Connection, greeting and socket-inactivity timeout of each SMTP exchange. */
  readonly sendTimeoutMs: number;
}

/** `Name <address>` or a bare address; the name without quotes or control characters. */
const mailFrom = z
  .string()
  .trim()
  .transform((value, ctx) => {
    // eslint-disable-next-line no-control-regex -- a name with control characters is refused
    const match = /^(?:([^<>"\u0000-\u001f\u007f]*?)\s*<([^<>]+)>|([^<>\s]+))$/.exec(value);
    const address = (match?.[2] ?? match?.[3] ?? '').trim();
    if (!match || normalizeEmailAddress(address) === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must look like Paylock <hello@paylock.in>' });
      return z.NEVER;
    }
    return { name: (match[1] ?? '').trim(), address };
  });

const smtpUrl = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), {
    message: 'must be an smtp:// or smtps:// URL, like smtps://user:password@smtp.example.com',
  });

/**
 * A claim must outlive the longest send (connection, greeting and an inactive socket each may
 * take MAIL_SEND_TIMEOUT_MS), or a live holder's attempt would be taken over and sent twice.
 */
const SEND_TIMEOUTS_PER_SEND = 3;

export const MAIL_SETTINGS = moduleSettings({
  variables: z.object({
    SMTP_URL: smtpUrl.optional(),
    MAIL_DELIVERY: booleanish.default(true),
    MAIL_FROM: mailFrom.default({ name: 'Paylock', address: 'hello@paylock.in' }),
    SUPPORT_EMAIL: emailAddress.default('support@paylock.in'),
    MAIL_SEND_TIMEOUT_MS: integerBetween(100, 300_000).default(30_000),
    MAIL_POLL_INTERVAL_MS: integerBetween(10, 60_000).default(1000),
    MAIL_CONCURRENCY: integerBetween(1, 50).default(4),
    MAIL_MAX_ATTEMPTS: integerBetween(1, 50).default(8),
    MAIL_RETRY_BASE_DELAY_MS: integerBetween(10, 3_600_000).default(30_000),
    MAIL_RETRY_MAX_DELAY_MS: integerBetween(10, 86_400_000).default(3_600_000),
    MAIL_CLAIM_LEASE_MS: integerBetween(1000, 3_600_000).default(300_000),
  }),
  problems(values, { nodeEnv }) {
    const problems: string[] = [];
    if (values.MAIL_CLAIM_LEASE_MS <= SEND_TIMEOUTS_PER_SEND * values.MAIL_SEND_TIMEOUT_MS) {
      problems.push(
        `MAIL_CLAIM_LEASE_MS must be more than ${SEND_TIMEOUTS_PER_SEND} × MAIL_SEND_TIMEOUT_MS (a live sender's claim must not lapse)`,
      );
    }
    if (values.MAIL_RETRY_MAX_DELAY_MS < values.MAIL_RETRY_BASE_DELAY_MS) {
      problems.push('MAIL_RETRY_MAX_DELAY_MS must be at least MAIL_RETRY_BASE_DELAY_MS');
    }
    if (nodeEnv === 'production' && values.MAIL_DELIVERY && !values.SMTP_URL) {
      problems.push('SMTP_URL is required in production (smtps://, or smtp:// with STARTTLS)');
    }
    return problems;
  },
  settings: (values, { nodeEnv }): MailConfig => ({
    smtpUrl: values.SMTP_URL,
    delivery: values.MAIL_DELIVERY,
    requireTls: nodeEnv === 'production' && !isLoopbackUrl(values.SMTP_URL),
    from: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    sendTimeoutMs: values.MAIL_SEND_TIMEOUT_MS,
    pollIntervalMs: values.MAIL_POLL_INTERVAL_MS,
    concurrency: values.MAIL_CONCURRENCY,
    maxAttempts: values.MAIL_MAX_ATTEMPTS,
    retryBaseDelayMs: values.MAIL_RETRY_BASE_DELAY_MS,
    retryMaxDelayMs: values.MAIL_RETRY_MAX_DELAY_MS,
    claimLeaseMs: values.MAIL_CLAIM_LEASE_MS,
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly mail: MailConfig;
  }
}
