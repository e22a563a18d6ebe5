import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { normalizeEmailAddress } from '../common/domain/email-address.js';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type NodeEnv = (typeof NODE_ENVS)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];

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

/** GET /metrics (Prometheus): off unless METRICS_TOKEN is set; then only with that bearer token. */
export interface MetricsConfig {
  readonly token: string | undefined;
}

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
}

/** Data rights and retention (#13, docs/privacy.md). */
export interface PrivacyConfig {
  /** Where people send privacy requests and grievances (DPDP Act; shown on the page and in docs). */
  readonly grievanceEmail: string;
  /** Entries are kept this many months after launch, then erased (docs/privacy.md). */
  readonly retentionMonthsAfterLaunch: number;
  /** LAUNCH_DATE: unset before the launch is known, and then nothing is erased for retention. */
  readonly launchDate: Date | undefined;
}

/** invite: only an invite creates an account; open: any Google account may sign up. */
export const SIGNUP_MODES = ['invite', 'open'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** Early access by invitation (issue #15, ADR 0024). */
/** Deals (#24). */
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

export interface DealsConfig {
  /** DEAL_LINK_TTL_DAYS: how long the brand's review link works after a deal is sent. */
  readonly linkTtlDays: number;
}

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

export interface InvitesConfig {
  /** How long an invite link works, from its latest sending. */
  readonly ttlDays: number;
  /** SIGNUP_MODE: `invite` by default in production, `open` in development and test. */
  readonly signupMode: SignupMode;
}

/** E-mail: the SMTP server, the sender, and the outbox worker's tuning (MAIL_*). */
export interface MailConfig {
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
  readonly pollIntervalMs: number;
  readonly concurrency: number;
  readonly maxAttempts: number;
  readonly retryBaseDelayMs: number;
  readonly retryMaxDelayMs: number;
  readonly claimLeaseMs: number;
}

/** How long the HTTP server waits for a client (node:http's timeouts, ms). */
export interface HttpTimeouts {
  /** Headers and body of a request received in full, from its first byte. */
  readonly requestMs: number;
  /** A request's headers received in full. */
  readonly headersMs: number;
  /** An idle keep-alive connection kept open for the next request. */
  readonly keepAliveMs: number;
}

export interface AdminConfig {
  /** Lower-cased addresses whose verified Google account gets the `admin` role. */
  readonly emails: readonly string[];
  /** CSV exports one admin may start per minute. */
  readonly exportsPerMinute: number;
  /** ADMIN_GOOGLE_SUBJECTS: admin address → the Google `sub` that alone holds its role. */
  readonly subjects: ReadonlyMap<string, string>;
  /** ADMIN_HOSTED_DOMAIN: the Google Workspace domain (`hd`) every admin account must be in. */
  readonly hostedDomain?: string | undefined;
}

/** The OpenID Connect provider's endpoints: Google's, or the local development provider's. */
export interface OidcEndpoints {
  readonly issuer: string;
  readonly authorizationUrl: string;
  readonly tokenUrl: string;
  readonly userinfoUrl: string;
  readonly jwksUrl: string;
}

export interface AuthConfig {
  /** The URL browsers use (no trailing slash); the OAuth callback and redirects are built on it. */
  readonly publicUrl: string;
  readonly googleClientId: string;
  readonly googleClientSecret: string;
  readonly oidc: OidcEndpoints;
  /** Signs access tokens and (through a derived key) the short-lived OAuth state cookie. */
  readonly jwtSecret: string;
  readonly accessTokenTtlSeconds: number;
  readonly sessionIdleTimeoutHours: number;
  readonly sessionAbsoluteLifetimeHours: number;
  readonly refreshReuseGraceSeconds: number;
}

export interface RateLimits {
  readonly waitlistPerMinute: number;
  readonly authPerMinute: number;
  /** The personal page's calls made with its session (see, correct, download, erase). */
  readonly personalPagePerMinute: number;
  /**
   * "Already registered" answers of the join form per client per hour, bot (honeypot) submissions
   * counted with them: above it, every submission of that client is answered 429 (#28).
   */
  readonly waitlistAlreadyRegisteredPerHour: number;
}

/** Thrown by parseConfig with one human-readable line per problem, each naming its variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** 32 bytes in standard base64 (44 characters with its padding). */
function isEncryptionKey(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32;
}

const integerBetween = (min: number, max: number) => {
  const message = `must be an integer between ${min} and ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
};

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];
const booleanish = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => [...TRUE_WORDS, ...FALSE_WORDS].includes(value), 'must be true or false')
  .transform((value) => TRUE_WORDS.includes(value));

const mongodbUri = z
  .string()
  .trim()
  .regex(/^mongodb(\+srv)?:\/\/[^/?#\s]+/, 'must be a mongodb:// or mongodb+srv:// URI');

function isExactOrigin(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return ['http:', 'https:'].includes(url.protocol) && url.origin === candidate;
  } catch {
    return false;
  }
}

const corsOrigins = z.string().transform((value, ctx) => {
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  const invalid = origins.filter((origin) => !isExactOrigin(origin));
  if (origins.length === 0 || invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of origins like https://example.com (invalid: ${invalid.map((origin) => `"${origin}"`).join(', ') || 'empty list'})`,
    });
    return z.NEVER;
  }
  return origins;
});

/** Addresses as the one e-mail parser spells them (lower case, ASCII domain), to compare. */
const adminEmails = z.string().transform((value, ctx) => {
  const typed = value
    .split(',')
    .map((email) => email.trim())
    .filter((email) => email !== '');
  const invalid = typed.filter((email) => normalizeEmailAddress(email) === undefined);
  const emails = typed.map((email) => normalizeEmailAddress(email) ?? email);
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of e-mail addresses (invalid: ${invalid.map((email) => `"${email}"`).join(', ')})`,
    });
    return z.NEVER;
  }
  return [...new Set(emails)];
});

/** `address=sub` pairs: an admin address bound up front to one Google account (#28). */
const adminSubjects = z.string().transform((value, ctx) => {
  const pairs = value
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.lastIndexOf('=');
      return [normalizeEmailAddress(pair.slice(0, at)), pair.slice(at + 1).trim()] as const;
    });
  const invalid = pairs.filter(
    ([email, sub]) => email === undefined || !/^[\w.-]{1,255}$/.test(sub),
  );
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a comma-separated list of address=Google subject pairs',
    });
    return z.NEVER;
  }
  return new Map(pairs.map(([email, sub]) => [email ?? '', sub]));
});

const hostedDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain name like paylock.in');

export const GOOGLE_OIDC_ENDPOINTS: OidcEndpoints = {
  issuer: 'https://accounts.google.com',
  authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
};

/** Client id and secret outside production when none are configured (the flow then fails). */
const UNCONFIGURED_GOOGLE_CLIENT = 'paylock-unconfigured-client';
const MIN_JWT_SECRET_LENGTH = 32;
const MIN_METRICS_TOKEN_LENGTH = 32;

const httpUrl = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http:// or https:// URL',
  });

const publicUrl = httpUrl
  .refine((value) => {
    const url = new URL(value);
    return url.search === '' && url.hash === '';
  }, 'must be a URL without query or fragment, like https://paylock.in')
  .transform((value) => value.replace(/\/+$/, ''));

/** Razorpay's API host: what production talks to (docs/operations.md, Payments). */
export const RAZORPAY_API_URL = 'https://api.razorpay.com';

/** Google's own hosts, over https: what production accepts as the identity provider. */
export function isGoogleEndpoint(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (
    protocol === 'https:' &&
    (hostname === 'accounts.google.com' || hostname.endsWith('.googleapis.com'))
  );
}

/** A plain address, checked by the one e-mail parser (common/domain/email-address.ts). */
const emailAddress = z
  .string()
  .trim()
  .refine((value) => normalizeEmailAddress(value) !== undefined, 'must be an e-mail address');

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

/** A calendar day (`2027-01-15`, midnight UTC) or a full ISO 8601 time with its zone. */
const launchDate = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) &&
      !Number.isNaN(Date.parse(value)) &&
      // No 2027-02-30: the calendar day must exist.
      new Date(`${value.slice(0, 10)}T00:00:00Z`).toISOString().startsWith(value.slice(0, 10)),
    'must be a date like 2027-01-15 (UTC) or an ISO 8601 time with its zone, like 2027-01-15T09:00:00+05:30',
  )
  .transform((value) => new Date(value));
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

const environmentSchema = z.object({
  NODE_ENV: oneOf(NODE_ENVS).default('development'),
  HOST: z.string().trim().default('127.0.0.1'),
  PORT: integerBetween(1, 65535).default(3000),
  MONGODB_URI: mongodbUri.default('mongodb://127.0.0.1:27017/paylock'),
  /** Unset: PUBLIC_URL's origin only. */
  CORS_ORIGINS: corsOrigins.optional(),
  LOG_LEVEL: oneOf(LOG_LEVELS).default('info'),
  TRUST_PROXY: booleanish.default(false),
  DB_SERVER_SELECTION_TIMEOUT_MS: integerBetween(100, 60000).default(2000),
  RATE_LIMIT_WAITLIST_PER_MINUTE: integerBetween(1, 1_000_000).default(10),
  RATE_LIMIT_AUTH_PER_MINUTE: integerBetween(1, 1_000_000).default(30),
  RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: integerBetween(1, 1_000_000).default(60),
  RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR: integerBetween(1, 1_000_000).default(5),
  GRIEVANCE_EMAIL: emailAddress.default('privacy@paylock.in'),
  WAITLIST_RETENTION_MONTHS_AFTER_LAUNCH: integerBetween(1, 120).default(12),
  /** Unset: not launched yet, nothing is erased for retention. */
  LAUNCH_DATE: launchDate.optional(),
  PUBLIC_URL: publicUrl.default('http://localhost:5173'),
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
  OIDC_ISSUER: httpUrl.default(GOOGLE_OIDC_ENDPOINTS.issuer),
  OIDC_AUTHORIZATION_URL: httpUrl.default(GOOGLE_OIDC_ENDPOINTS.authorizationUrl),
  OIDC_TOKEN_URL: httpUrl.default(GOOGLE_OIDC_ENDPOINTS.tokenUrl),
  OIDC_USERINFO_URL: httpUrl.default(GOOGLE_OIDC_ENDPOINTS.userinfoUrl),
  OIDC_JWKS_URL: httpUrl.default(GOOGLE_OIDC_ENDPOINTS.jwksUrl),
  JWT_SECRET: z
    .string()
    .min(MIN_JWT_SECRET_LENGTH, `must be at least ${MIN_JWT_SECRET_LENGTH} characters`)
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: integerBetween(30, 86_400).default(900),
  SESSION_IDLE_TIMEOUT_HOURS: integerBetween(1, 8_760).default(168),
  SESSION_ABSOLUTE_LIFETIME_HOURS: integerBetween(1, 8_760).default(720),
  REFRESH_REUSE_GRACE_SECONDS: integerBetween(0, 300).default(5),
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
  HTTP_REQUEST_TIMEOUT_MS: integerBetween(1000, 300_000).default(30_000),
  HTTP_HEADERS_TIMEOUT_MS: integerBetween(1000, 300_000).default(10_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: integerBetween(1000, 300_000).default(5_000),
  /** Unset: nobody is an admin. */
  ADMIN_EMAILS: adminEmails.optional(),
  ADMIN_EXPORTS_PER_MINUTE: integerBetween(1, 1000).default(5),
  /** Unset: each admin address is bound at its first admin sign-in. */
  ADMIN_GOOGLE_SUBJECTS: adminSubjects.optional(),
  /** Unset: any Google account may hold an admin address's role. */
  ADMIN_HOSTED_DOMAIN: hostedDomain.optional(),
  INVITE_TTL_DAYS: integerBetween(1, 365).default(14),
  DEAL_LINK_TTL_DAYS: integerBetween(1, 90).default(14),
  PAYLOCK_FEE_BASIS_POINTS: integerBetween(0, 2000).default(0),
  PAYMENTS_WORKER_INTERVAL_MS: integerBetween(100, 600_000).default(5_000),
  PAYMENTS_RECONCILIATION_INTERVAL_MS: integerBetween(1_000, 7 * 86_400_000).default(3_600_000),
  PAYMENTS_APPROVAL_DAY_MS: integerBetween(1, 86_400_000).default(86_400_000),
  PAYMENTS_INTENT_LEASE_MS: integerBetween(1_000, 600_000).default(60_000),
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
  /** Unset: `invite` in production, `open` elsewhere. */
  SIGNUP_MODE: oneOf(SIGNUP_MODES).optional(),
  /** Unset: no /metrics endpoint. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(
      new RegExp(`^[\\x21-\\x7e]{${MIN_METRICS_TOKEN_LENGTH},}$`),
      `must be at least ${MIN_METRICS_TOKEN_LENGTH} printable characters without spaces`,
    )
    .optional(),
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
  SMS_HOURLY_BUDGET: integerBetween(1, 1_000_000).default(500),
  SMS_SEND_TIMEOUT_MS: integerBetween(100, 60_000).default(5_000),
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
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});

type Environment = z.infer<typeof environmentSchema>;

const SMS_VARIABLES = [
  'SMS_BASE_URL',
  'SMS_AUTH_KEY',
  'SMS_TEMPLATE_ID',
  'SMS_SENDER',
  'SMS_DLT_ENTITY_ID',
] as const;

/** The SMS settings a real sender needs, and no local inbox in production. */
function smsProblems(values: Environment): string[] {
  if (values.NODE_ENV !== 'production') return [];
  const problems = SMS_VARIABLES.filter((name) => !values[name]).map(
    (name) => `${name} is required in production (see docs/operations.md, SMS)`,
  );
  if (!values.OTP_SECRETS) {
    problems.push(
      `OTP_SECRETS is required in production (comma-separated, each at least ${MIN_OTP_SECRET_LENGTH} random characters)`,
    );
  }
  const base = values.SMS_BASE_URL;
  if (base && (isLoopbackUrl(base) || new URL(base).protocol !== 'https:')) {
    problems.push(
      'SMS_BASE_URL must be the provider’s https:// endpoint in production, not a local SMS inbox',
    );
  }
  return problems;
}

const RAZORPAY_VARIABLES = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
] as const;
const MIN_RAZORPAY_WEBHOOK_SECRET_LENGTH = 16;

/** Razorpay's keys in production, and Razorpay itself: never the local payment gateway. */
function razorpayProblems(values: Environment): string[] {
  if (values.NODE_ENV !== 'production') return [];
  const problems = RAZORPAY_VARIABLES.filter((name) => !values[name]).map(
    (name) => `${name} is required in production (see docs/operations.md, Payments)`,
  );
  const secret = values.RAZORPAY_WEBHOOK_SECRET;
  if (secret && secret.length < MIN_RAZORPAY_WEBHOOK_SECRET_LENGTH) {
    problems.push(
      `RAZORPAY_WEBHOOK_SECRET must be at least ${MIN_RAZORPAY_WEBHOOK_SECRET_LENGTH} random characters in production`,
    );
  }
  const api = new URL(values.RAZORPAY_API_URL);
  const local =
    /^(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1?\])$/.test(api.hostname) ||
    api.hostname.endsWith('.localhost');
  if (local || api.protocol !== 'https:') {
    problems.push(
      'RAZORPAY_API_URL must be Razorpay’s https:// endpoint in production, not a local payment gateway',
    );
  }
  return problems;
}

const OIDC_VARIABLES = [
  'OIDC_ISSUER',
  'OIDC_AUTHORIZATION_URL',
  'OIDC_TOKEN_URL',
  'OIDC_USERINFO_URL',
  'OIDC_JWKS_URL',
] as const;

/**
 * https, or http://localhost: browsers treat localhost as a secure context and keep Secure and
 * `__Host-` cookies for it, so a production build can be tried on the machine it runs on.
 */
function isSecureOrigin(value: string): boolean {
  const { protocol, hostname } = new URL(value);
  return protocol === 'https:' || (protocol === 'http:' && hostname === 'localhost');
}

/**
 * A claim must outlive the longest send (connection, greeting and an inactive socket each may
 * take MAIL_SEND_TIMEOUT_MS), or a live holder's attempt would be taken over and sent twice.
 */
const SEND_TIMEOUTS_PER_SEND = 3;

/** A relay on this machine (a sidecar MTA, or MailDev in benchmarks) needs no TLS. */
function isLoopbackUrl(value: string | undefined): boolean {
  if (value === undefined) return false;
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(value).hostname);
}

function mailProblems(values: Environment): string[] {
  const problems: string[] = [];
  if (values.MAIL_CLAIM_LEASE_MS <= SEND_TIMEOUTS_PER_SEND * values.MAIL_SEND_TIMEOUT_MS) {
    problems.push(
      `MAIL_CLAIM_LEASE_MS must be more than ${SEND_TIMEOUTS_PER_SEND} × MAIL_SEND_TIMEOUT_MS (a live sender's claim must not lapse)`,
    );
  }
  if (values.MAIL_RETRY_MAX_DELAY_MS < values.MAIL_RETRY_BASE_DELAY_MS) {
    problems.push('MAIL_RETRY_MAX_DELAY_MS must be at least MAIL_RETRY_BASE_DELAY_MS');
  }
  return problems;
}

/** Production must sign in with Google itself, with real credentials and a strong secret. */
function productionProblems(values: Environment): string[] {
  if (values.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (values.MAIL_DELIVERY && !values.SMTP_URL) {
    problems.push('SMTP_URL is required in production (smtps://, or smtp:// with STARTTLS)');
  }
  if (!values.GOOGLE_CLIENT_ID) problems.push('GOOGLE_CLIENT_ID is required in production');
  if (!values.GOOGLE_CLIENT_SECRET) problems.push('GOOGLE_CLIENT_SECRET is required in production');
  if (!values.JWT_SECRET) {
    problems.push(
      `JWT_SECRET is required in production (at least ${MIN_JWT_SECRET_LENGTH} random characters)`,
    );
  }
  if (!values.PAYOUT_ENCRYPTION_KEY) {
    problems.push(
      'PAYOUT_ENCRYPTION_KEY is required in production (32 random bytes in base64: openssl rand -base64 32)',
    );
  } else if (
    Buffer.from(values.PAYOUT_ENCRYPTION_KEY, 'base64').equals(DEVELOPMENT_PAYOUT_ENCRYPTION_KEY)
  ) {
    problems.push('PAYOUT_ENCRYPTION_KEY must not be the development key in production');
  }
  for (const name of OIDC_VARIABLES) {
    if (!isGoogleEndpoint(values[name])) {
      problems.push(`${name} must be a Google endpoint (https://…google…) in production`);
    }
  }
  if (values.PAYMENTS_APPROVAL_DAY_MS !== 86_400_000) {
    problems.push('PAYMENTS_APPROVAL_DAY_MS must be left unset in production (a day is a day)');
  }
  if (!isSecureOrigin(values.PUBLIC_URL)) {
    problems.push(
      'PUBLIC_URL must be an https:// URL (or http://localhost) in production (the session cookie is Secure)',
    );
  }
  const insecureOrigins = (values.CORS_ORIGINS ?? []).filter((origin) => !isSecureOrigin(origin));
  if (insecureOrigins.length > 0) {
    problems.push(
      `CORS_ORIGINS must list only https:// origins (or http://localhost) in production (insecure: ${insecureOrigins.join(', ')})`,
    );
  }
  return problems;
}

/** Empty variables count as unset, so `PORT=` in a .env file falls back to the default. */
function withoutEmptyValues(env: Readonly<Record<string, string | undefined>>) {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
}

export function parseConfig(env: Readonly<Record<string, string | undefined>>): AppConfig {
  const result = environmentSchema.safeParse(withoutEmptyValues(env));
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
    );
  }
  const values = result.data;
  const problems = [
    ...mailProblems(values),
    ...productionProblems(values),
    ...timeoutProblems(values),
    ...smsProblems(values),
    ...razorpayProblems(values),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    mongodbUri: values.MONGODB_URI,
    corsOrigins: values.CORS_ORIGINS ?? [new URL(values.PUBLIC_URL).origin],
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    dbServerSelectionTimeoutMs: values.DB_SERVER_SELECTION_TIMEOUT_MS,
    rateLimits: {
      waitlistPerMinute: values.RATE_LIMIT_WAITLIST_PER_MINUTE,
      authPerMinute: values.RATE_LIMIT_AUTH_PER_MINUTE,
      personalPagePerMinute: values.RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE,
      waitlistAlreadyRegisteredPerHour: values.RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR,
    },
    auth: authConfigOf(values),
    mail: {
      smtpUrl: values.SMTP_URL,
      delivery: values.MAIL_DELIVERY,
      requireTls: values.NODE_ENV === 'production' && !isLoopbackUrl(values.SMTP_URL),
      from: values.MAIL_FROM,
      supportEmail: values.SUPPORT_EMAIL,
      sendTimeoutMs: values.MAIL_SEND_TIMEOUT_MS,
      pollIntervalMs: values.MAIL_POLL_INTERVAL_MS,
      concurrency: values.MAIL_CONCURRENCY,
      maxAttempts: values.MAIL_MAX_ATTEMPTS,
      retryBaseDelayMs: values.MAIL_RETRY_BASE_DELAY_MS,
      retryMaxDelayMs: values.MAIL_RETRY_MAX_DELAY_MS,
      claimLeaseMs: values.MAIL_CLAIM_LEASE_MS,
    },
    httpTimeouts: {
      requestMs: values.HTTP_REQUEST_TIMEOUT_MS,
      headersMs: values.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveMs: values.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    admin: {
      emails: values.ADMIN_EMAILS ?? [],
      exportsPerMinute: values.ADMIN_EXPORTS_PER_MINUTE,
      subjects: values.ADMIN_GOOGLE_SUBJECTS ?? new Map<string, string>(),
      hostedDomain: values.ADMIN_HOSTED_DOMAIN,
    },
    deals: { linkTtlDays: values.DEAL_LINK_TTL_DAYS },
    payments: {
      feeBasisPoints: values.PAYLOCK_FEE_BASIS_POINTS,
      workerIntervalMs: values.PAYMENTS_WORKER_INTERVAL_MS,
      reconciliationIntervalMs: values.PAYMENTS_RECONCILIATION_INTERVAL_MS,
      approvalDayMs: values.PAYMENTS_APPROVAL_DAY_MS,
      intentLeaseMs: values.PAYMENTS_INTENT_LEASE_MS,
    },
    payouts: {
      encryptionKey: values.PAYOUT_ENCRYPTION_KEY
        ? Buffer.from(values.PAYOUT_ENCRYPTION_KEY, 'base64')
        : DEVELOPMENT_PAYOUT_ENCRYPTION_KEY,
      previousEncryptionKeys: (values.PAYOUT_ENCRYPTION_PREVIOUS_KEYS ?? []).map((key) =>
        Buffer.from(key, 'base64'),
      ),
      workerIntervalMs: values.PAYOUT_WORKER_INTERVAL_MS,
    },
    invites: {
      ttlDays: values.INVITE_TTL_DAYS,
      signupMode: values.SIGNUP_MODE ?? (values.NODE_ENV === 'production' ? 'invite' : 'open'),
    },
    privacy: {
      grievanceEmail: values.GRIEVANCE_EMAIL,
      retentionMonthsAfterLaunch: values.WAITLIST_RETENTION_MONTHS_AFTER_LAUNCH,
      launchDate: values.LAUNCH_DATE,
    },
    metrics: { token: values.METRICS_TOKEN },
    // Outside production a per-process secret: a restart only ends the codes in flight.
    otp: { secrets: values.OTP_SECRETS ?? [randomBytes(32).toString('base64url')] },
    sms: {
      baseUrl: values.SMS_BASE_URL,
      authKey: values.SMS_AUTH_KEY ?? '',
      templateId: values.SMS_TEMPLATE_ID ?? '',
      sender: values.SMS_SENDER ?? 'PAYLCK',
      dltEntityId: values.SMS_DLT_ENTITY_ID ?? '',
      hourlyBudget: values.SMS_HOURLY_BUDGET,
      sendTimeoutMs: values.SMS_SEND_TIMEOUT_MS,
    },
    razorpay: {
      apiUrl: values.RAZORPAY_API_URL,
      keyId: values.RAZORPAY_KEY_ID ?? '',
      keySecret: values.RAZORPAY_KEY_SECRET ?? '',
      webhookSecret: values.RAZORPAY_WEBHOOK_SECRET ?? '',
    },
  };
}

/**
 * Headers come before the body, so their limit is the shorter; and it must outlast the
 * keep-alive wait, or a request arriving just as an idle connection times out can be cut.
 */
function timeoutProblems(values: Environment): string[] {
  const problems: string[] = [];
  if (values.HTTP_HEADERS_TIMEOUT_MS > values.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  if (values.HTTP_HEADERS_TIMEOUT_MS <= values.HTTP_KEEP_ALIVE_TIMEOUT_MS) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS must be longer than HTTP_KEEP_ALIVE_TIMEOUT_MS');
  }
  return problems;
}

function authConfigOf(values: Environment): AuthConfig {
  return {
    publicUrl: values.PUBLIC_URL,
    googleClientId: values.GOOGLE_CLIENT_ID ?? UNCONFIGURED_GOOGLE_CLIENT,
    googleClientSecret: values.GOOGLE_CLIENT_SECRET ?? UNCONFIGURED_GOOGLE_CLIENT,
    oidc: {
      issuer: values.OIDC_ISSUER,
      authorizationUrl: values.OIDC_AUTHORIZATION_URL,
      tokenUrl: values.OIDC_TOKEN_URL,
      userinfoUrl: values.OIDC_USERINFO_URL,
      jwksUrl: values.OIDC_JWKS_URL,
    },
    // Outside production a per-process secret: restarting only ends access tokens, not sessions.
    jwtSecret: values.JWT_SECRET ?? randomBytes(32).toString('base64url'),
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    sessionIdleTimeoutHours: values.SESSION_IDLE_TIMEOUT_HOURS,
    sessionAbsoluteLifetimeHours: values.SESSION_ABSOLUTE_LIFETIME_HOURS,
    refreshReuseGraceSeconds: values.REFRESH_REUSE_GRACE_SECONDS,
  };
}
