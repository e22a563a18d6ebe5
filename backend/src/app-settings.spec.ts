import { ConfigError, environmentVariableNames, parseConfig } from './app-settings.js';
import { GOOGLE_OIDC_ENDPOINTS } from './auth/auth.settings.js';
import { DEVELOPMENT_PAYOUT_ENCRYPTION_KEY } from './payouts/payouts.settings.js';

const STRONG_SECRET = 'a-production-secret-of-at-least-32-chars';

/** The least a production deployment must configure. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://paylock.in',
  GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  JWT_SECRET: STRONG_SECRET,
  SMTP_URL: 'smtps://paylock:mail-secret@smtp.example.com:465',
  OTP_SECRETS: 'an-otp-secret-of-at-least-32-characters',
  SMS_BASE_URL: 'https://control.msg91.com',
  SMS_AUTH_KEY: 'msg91-auth-key',
  SMS_TEMPLATE_ID: '6650a1b2c3d4e5f6a7b8c9d0',
  SMS_SENDER: 'PAYLCK',
  SMS_DLT_ENTITY_ID: '1201160000000000000',
  RAZORPAY_KEY_ID: 'rzp_live_AbCdEf0123',
  RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret-of-24-chars',
  PAYOUT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

const DEFAULT_MAIL = {
  smtpUrl: undefined,
  delivery: true,
  requireTls: false,
  from: { name: 'Paylock', address: 'hello@paylock.in' },
  supportEmail: 'support@paylock.in',
  sendTimeoutMs: 30_000,
  pollIntervalMs: 1000,
  concurrency: 4,
  maxAttempts: 8,
  retryBaseDelayMs: 30_000,
  retryMaxDelayMs: 3_600_000,
  claimLeaseMs: 300_000,
};

function problemsFor(env: Record<string, string>): readonly string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(parseConfig({})).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 3000,
      mongodbUri: 'mongodb://127.0.0.1:27017/paylock',
      corsOrigins: ['http://localhost:5173'],
      logLevel: 'info',
      trustProxy: false,
      dbServerSelectionTimeoutMs: 2000,
      rateLimits: {
        waitlistPerMinute: 10,
        authPerMinute: 30,
        personalPagePerMinute: 60,
        waitlistAlreadyRegisteredPerHour: 5,
      },
      auth: {
        publicUrl: 'http://localhost:5173',
        googleClientId: 'paylock-unconfigured-client',
        googleClientSecret: 'paylock-unconfigured-client',
        oidc: GOOGLE_OIDC_ENDPOINTS,
        jwtSecret: expect.stringMatching(/^[\w-]{43}$/) as unknown,
        accessTokenTtlSeconds: 900,
        sessionIdleTimeoutHours: 168,
        sessionAbsoluteLifetimeHours: 720,
        refreshReuseGraceSeconds: 5,
      },
      mail: DEFAULT_MAIL,
      httpTimeouts: { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 5_000 },
      admin: { emails: [], exportsPerMinute: 5, subjects: new Map(), hostedDomain: undefined },
      deals: {
        linkTtlDays: 14,
        creatorLimits: {
          sendsPerDay: 50,
          sendsPerRecipientPerDay: 5,
          cancellationProposalsPerDay: 10,
          cancellationCooldownMinutes: 60,
        },
      },
      payments: {
        feeBasisPoints: 0,
        workerIntervalMs: 5000,
        reconciliationIntervalMs: 3_600_000,
        approvalDayMs: 86_400_000,
        intentLeaseMs: 60_000,
      },
      payouts: {
        encryptionKey: DEVELOPMENT_PAYOUT_ENCRYPTION_KEY,
        previousEncryptionKeys: [],
        workerIntervalMs: 30_000,
      },
      invites: { ttlDays: 14, signupMode: 'open' },
      privacy: {
        grievanceEmail: 'privacy@paylock.in',
        retentionMonthsAfterLaunch: 12,
        launchDate: undefined,
      },
      metrics: { token: undefined },
      otp: { secrets: [expect.stringMatching(/^[\w-]{43}$/) as unknown] },
      sms: {
        baseUrl: undefined,
        authKey: '',
        templateId: '',
        sender: 'PAYLCK',
        dltEntityId: '',
        hourlyBudget: 500,
        sendTimeoutMs: 5000,
        noticeTemplateIds: 'local',
      },
      razorpay: { apiUrl: 'https://api.razorpay.com', keyId: '', keySecret: '', webhookSecret: '' },
    });
  });

  it('reads and converts every variable', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      PAYOUT_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      HOST: '0.0.0.0',
      PORT: '8080',
      MONGODB_URI: 'mongodb+srv://cluster0.example.net/paylock?retryWrites=true',
      CORS_ORIGINS: 'https://paylock.in, https://www.paylock.in',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'TRUE',
      DB_SERVER_SELECTION_TIMEOUT_MS: '1500',
      RATE_LIMIT_WAITLIST_PER_MINUTE: '5',
      RATE_LIMIT_AUTH_PER_MINUTE: '50',
      PUBLIC_URL: 'https://paylock.in/',
      GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_AUTHORIZATION_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
      OIDC_TOKEN_URL: 'https://www.googleapis.com/oauth2/v4/token',
      OIDC_USERINFO_URL: 'https://www.googleapis.com/oauth2/v3/userinfo',
      OIDC_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs',
      JWT_SECRET: STRONG_SECRET,
      ACCESS_TOKEN_TTL_SECONDS: '600',
      SESSION_IDLE_TIMEOUT_HOURS: '24',
      SESSION_ABSOLUTE_LIFETIME_HOURS: '240',
      REFRESH_REUSE_GRACE_SECONDS: '0',
      SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
      MAIL_FROM: 'Paylock Team <team@mail.paylock.in>',
      SUPPORT_EMAIL: 'help@paylock.in',
      MAIL_SEND_TIMEOUT_MS: '10000',
      MAIL_POLL_INTERVAL_MS: '500',
      MAIL_CONCURRENCY: '2',
      MAIL_MAX_ATTEMPTS: '5',
      MAIL_RETRY_BASE_DELAY_MS: '1000',
      MAIL_RETRY_MAX_DELAY_MS: '60000',
      MAIL_CLAIM_LEASE_MS: '60000',
      HTTP_REQUEST_TIMEOUT_MS: '20000',
      HTTP_HEADERS_TIMEOUT_MS: '8000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '4000',
      ADMIN_EMAILS: 'Ops@Paylock.in',
      ADMIN_EXPORTS_PER_MINUTE: '2',
      RATE_LIMIT_PERSONAL_PAGE_PER_MINUTE: '20',
      DEAL_SENDS_PER_DAY: '20',
      DEAL_SENDS_PER_RECIPIENT_PER_DAY: '3',
      DEAL_CANCELLATION_PROPOSALS_PER_DAY: '4',
      DEAL_CANCELLATION_COOLDOWN_MINUTES: '0',
      RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR: '7',
      ADMIN_GOOGLE_SUBJECTS: 'Ops@Paylock.in=1234567890',
      ADMIN_HOSTED_DOMAIN: 'Paylock.in',
      GRIEVANCE_EMAIL: 'grievance@paylock.in',
      WAITLIST_RETENTION_MONTHS_AFTER_LAUNCH: '6',
      LAUNCH_DATE: '2027-01-15',
      METRICS_TOKEN: 'm'.repeat(40),
      OTP_SECRETS: 'an-otp-secret-of-at-least-32-characters',
      SMS_BASE_URL: 'https://control.msg91.com/',
      SMS_AUTH_KEY: 'msg91-auth-key',
      SMS_TEMPLATE_ID: '6650a1b2c3d4e5f6a7b8c9d0',
      SMS_SENDER: 'PAYLCK',
      SMS_DLT_ENTITY_ID: '1201160000000000000',
      SMS_HOURLY_BUDGET: '200',
      SMS_SEND_TIMEOUT_MS: '3000',
      SMS_NOTICE_TEMPLATE_IDS: 'funding_due=66a1, work_submitted=66a2',
      RAZORPAY_API_URL: 'https://api.razorpay.com/',
      RAZORPAY_KEY_ID: 'rzp_live_AbCdEf0123',
      RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret-of-24-chars',
    });
    expect(config).toEqual({
      nodeEnv: 'production',
      host: '0.0.0.0',
      port: 8080,
      mongodbUri: 'mongodb+srv://cluster0.example.net/paylock?retryWrites=true',
      corsOrigins: ['https://paylock.in', 'https://www.paylock.in'],
      logLevel: 'warn',
      trustProxy: true,
      dbServerSelectionTimeoutMs: 1500,
      rateLimits: {
        waitlistPerMinute: 5,
        authPerMinute: 50,
        personalPagePerMinute: 20,
        waitlistAlreadyRegisteredPerHour: 7,
      },
      auth: {
        publicUrl: 'https://paylock.in',
        googleClientId: 'client-id.apps.googleusercontent.com',
        googleClientSecret: 'google-secret',
        oidc: {
          issuer: 'https://accounts.google.com',
          authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
          tokenUrl: 'https://www.googleapis.com/oauth2/v4/token',
          userinfoUrl: 'https://www.googleapis.com/oauth2/v3/userinfo',
          jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
        },
        jwtSecret: STRONG_SECRET,
        accessTokenTtlSeconds: 600,
        sessionIdleTimeoutHours: 24,
        sessionAbsoluteLifetimeHours: 240,
        refreshReuseGraceSeconds: 0,
      },
      mail: {
        smtpUrl: 'smtp://user:pass@smtp.example.com:587',
        delivery: true,
        requireTls: true,
        from: { name: 'Paylock Team', address: 'team@mail.paylock.in' },
        supportEmail: 'help@paylock.in',
        sendTimeoutMs: 10_000,
        pollIntervalMs: 500,
        concurrency: 2,
        maxAttempts: 5,
        retryBaseDelayMs: 1000,
        retryMaxDelayMs: 60_000,
        claimLeaseMs: 60_000,
      },
      httpTimeouts: { requestMs: 20_000, headersMs: 8_000, keepAliveMs: 4_000 },
      admin: {
        emails: ['ops@paylock.in'],
        exportsPerMinute: 2,
        subjects: new Map([['ops@paylock.in', '1234567890']]),
        hostedDomain: 'paylock.in',
      },
      deals: {
        linkTtlDays: 14,
        creatorLimits: {
          sendsPerDay: 20,
          sendsPerRecipientPerDay: 3,
          cancellationProposalsPerDay: 4,
          cancellationCooldownMinutes: 0,
        },
      },
      payments: {
        feeBasisPoints: 0,
        workerIntervalMs: 5000,
        reconciliationIntervalMs: 3_600_000,
        approvalDayMs: 86_400_000,
        intentLeaseMs: 60_000,
      },
      payouts: {
        encryptionKey: Buffer.alloc(32, 9),
        previousEncryptionKeys: [],
        workerIntervalMs: 30_000,
      },
      invites: { ttlDays: 14, signupMode: 'invite' },
      privacy: {
        grievanceEmail: 'grievance@paylock.in',
        retentionMonthsAfterLaunch: 6,
        launchDate: new Date('2027-01-15T00:00:00Z'),
      },
      metrics: { token: 'm'.repeat(40) },
      otp: { secrets: ['an-otp-secret-of-at-least-32-characters'] },
      sms: {
        baseUrl: 'https://control.msg91.com',
        authKey: 'msg91-auth-key',
        templateId: '6650a1b2c3d4e5f6a7b8c9d0',
        sender: 'PAYLCK',
        dltEntityId: '1201160000000000000',
        hourlyBudget: 200,
        sendTimeoutMs: 3000,
        noticeTemplateIds: { funding_due: '66a1', work_submitted: '66a2' },
      },
      razorpay: {
        apiUrl: 'https://api.razorpay.com',
        keyId: 'rzp_live_AbCdEf0123',
        keySecret: 'razorpay-key-secret',
        webhookSecret: 'a-webhook-secret-of-24-chars',
      },
    });
  });

  it.each([
    [
      { HTTP_HEADERS_TIMEOUT_MS: '40000' },
      'HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS',
    ],
    [
      { HTTP_KEEP_ALIVE_TIMEOUT_MS: '10000' },
      'HTTP_HEADERS_TIMEOUT_MS must be longer than HTTP_KEEP_ALIVE_TIMEOUT_MS',
    ],
  ])('keeps the HTTP timeouts in order: %p', (env, message) => {
    expect(problemsFor(env)).toEqual([message]);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '', TRUST_PROXY: ' ' })).toMatchObject({
      port: 3000,
      trustProxy: false,
    });
  });

  it.each([
    ['NODE_ENV', 'staging', 'NODE_ENV must be one of development, test, production'],
    ['PORT', 'abc', 'PORT must be an integer between 1 and 65535'],
    ['PORT', '0', 'PORT must be an integer between 1 and 65535'],
    ['PORT', '65536', 'PORT must be an integer between 1 and 65535'],
    ['PORT', '80.5', 'PORT must be an integer between 1 and 65535'],
    ['MONGODB_URI', 'postgres://localhost/paylock', 'MONGODB_URI must be a mongodb:// or'],
    ['CORS_ORIGINS', 'https://paylock.in/', 'CORS_ORIGINS must be a comma-separated list'],
    ['CORS_ORIGINS', 'paylock.in', 'CORS_ORIGINS must be a comma-separated list'],
    ['CORS_ORIGINS', ' , ', 'CORS_ORIGINS must be a comma-separated list'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of fatal, error, warn, info'],
    ['TRUST_PROXY', 'maybe', 'TRUST_PROXY must be true or false'],
    ['DB_SERVER_SELECTION_TIMEOUT_MS', 'soon', 'DB_SERVER_SELECTION_TIMEOUT_MS must be an integer'],
    ['PUBLIC_URL', 'localhost:5173', 'PUBLIC_URL must be an http:// or https:// URL'],
    ['PUBLIC_URL', 'https://paylock.in/?x=1', 'PUBLIC_URL must be a URL without query'],
    ['OIDC_JWKS_URL', 'not a url', 'OIDC_JWKS_URL must be an http:// or https:// URL'],
    ['JWT_SECRET', 'short', 'JWT_SECRET must be at least 32 characters'],
    ['ACCESS_TOKEN_TTL_SECONDS', '10', 'ACCESS_TOKEN_TTL_SECONDS must be an integer between 30'],
    ['SESSION_IDLE_TIMEOUT_HOURS', '0', 'SESSION_IDLE_TIMEOUT_HOURS must be an integer between 1'],
    ['SESSION_ABSOLUTE_LIFETIME_HOURS', 'x', 'SESSION_ABSOLUTE_LIFETIME_HOURS must be an integer'],
    ['REFRESH_REUSE_GRACE_SECONDS', '301', 'REFRESH_REUSE_GRACE_SECONDS must be an integer'],
    ['SMTP_URL', 'https://smtp.example.com', 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [
      'MAIL_FROM',
      'Paylock <not-an-address>',
      'MAIL_FROM must look like Paylock <hello@paylock.in>',
    ],
    ['MAIL_FROM', 'Pay\nlock <hello@paylock.in>', 'MAIL_FROM must look like'],
    ['SUPPORT_EMAIL', 'support at paylock', 'SUPPORT_EMAIL must be an e-mail address'],
    ['MAIL_CONCURRENCY', '0', 'MAIL_CONCURRENCY must be an integer between 1 and 50'],
    ['MAIL_MAX_ATTEMPTS', '51', 'MAIL_MAX_ATTEMPTS must be an integer between 1 and 50'],
    [
      'MAIL_CLAIM_LEASE_MS',
      '90000',
      'MAIL_CLAIM_LEASE_MS must be more than 3 × MAIL_SEND_TIMEOUT_MS',
    ],
    ['HTTP_REQUEST_TIMEOUT_MS', '500', 'HTTP_REQUEST_TIMEOUT_MS must be an integer between 1000'],
    ['LAUNCH_DATE', 'next spring', 'LAUNCH_DATE must be a date like 2027-01-15'],
    ['LAUNCH_DATE', '2027-02-30', 'LAUNCH_DATE must be a date like 2027-01-15'],
    ['LAUNCH_DATE', '2027-01-15T09:00:00', 'LAUNCH_DATE must be a date like 2027-01-15'],
    ['METRICS_TOKEN', 'short', 'METRICS_TOKEN must be at least 32 printable characters'],
  ])('rejects %s=%p with a message naming the variable', (name, value, message) => {
    const problems = problemsFor({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it('reads a LAUNCH_DATE given as a time with its zone', () => {
    expect(parseConfig({ LAUNCH_DATE: '2027-01-15T00:30:00+05:30' }).privacy.launchDate).toEqual(
      new Date('2027-01-14T19:00:00Z'),
    );
  });

  it('names the invalid origin', () => {
    expect(problemsFor({ CORS_ORIGINS: 'https://ok.in,ftp://files.in' })[0]).toContain(
      '"ftp://files.in"',
    );
  });

  it('reports every problem at once, one per variable', () => {
    const problems = problemsFor({ PORT: 'x', LOG_LEVEL: 'loud', TRUST_PROXY: 'perhaps' });
    expect(problems).toHaveLength(3);
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'PORT',
      'LOG_LEVEL',
      'TRUST_PROXY',
    ]);
  });

  it('starts in production with Google, real credentials and a strong secret', () => {
    expect(parseConfig(PRODUCTION_ENV).auth).toMatchObject({
      publicUrl: 'https://paylock.in',
      oidc: GOOGLE_OIDC_ENDPOINTS,
      jwtSecret: STRONG_SECRET,
    });
  });

  it('requires a 32-byte PAYOUT_ENCRYPTION_KEY in production, never the development one', () => {
    expect(problemsFor({ ...PRODUCTION_ENV, PAYOUT_ENCRYPTION_KEY: '' })).toEqual([
      'PAYOUT_ENCRYPTION_KEY is required in production (32 random bytes in base64: openssl rand -base64 32)',
    ]);
    expect(
      problemsFor({
        ...PRODUCTION_ENV,
        PAYOUT_ENCRYPTION_KEY: DEVELOPMENT_PAYOUT_ENCRYPTION_KEY.toString('base64'),
      }),
    ).toEqual(['PAYOUT_ENCRYPTION_KEY must not be the development key in production']);
    expect(problemsFor({ PAYOUT_ENCRYPTION_KEY: 'c2hvcnQ=' })[0]).toContain(
      'PAYOUT_ENCRYPTION_KEY must be 32 random bytes in base64',
    );
  });

  it('reads the payout keys: the current one and older ones for rotation', () => {
    const current = Buffer.alloc(32, 1);
    const older = Buffer.alloc(32, 2);
    expect(
      parseConfig({
        PAYOUT_ENCRYPTION_KEY: current.toString('base64'),
        PAYOUT_ENCRYPTION_PREVIOUS_KEYS: ` ${older.toString('base64')} ,`,
      }).payouts,
    ).toEqual({
      encryptionKey: current,
      previousEncryptionKeys: [older],
      workerIntervalMs: 30_000,
    });
    expect(parseConfig({}).payouts.encryptionKey).toEqual(DEVELOPMENT_PAYOUT_ENCRYPTION_KEY);
  });

  it('reads a bare MAIL_FROM address', () => {
    expect(parseConfig({ MAIL_FROM: 'hello@paylock.in' }).mail.from).toEqual({
      name: '',
      address: 'hello@paylock.in',
    });
  });

  it('keeps the approval-window day a real day in production (PAYMENTS_APPROVAL_DAY_MS is for tests)', () => {
    expect(problemsFor({ ...PRODUCTION_ENV, PAYMENTS_APPROVAL_DAY_MS: '1000' })).toEqual([
      'PAYMENTS_APPROVAL_DAY_MS must be left unset in production (a day is a day)',
    ]);
    expect(
      parseConfig({ PAYMENTS_APPROVAL_DAY_MS: '1000', PAYLOCK_FEE_BASIS_POINTS: '250' }).payments,
    ).toMatchObject({ approvalDayMs: 1000, feeBasisPoints: 250, intentLeaseMs: 60_000 });
    expect(parseConfig({ PAYMENTS_INTENT_LEASE_MS: '5000' }).payments.intentLeaseMs).toBe(5000);
    expect(() => parseConfig({ PAYMENTS_INTENT_LEASE_MS: '10' })).toThrow(
      /PAYMENTS_INTENT_LEASE_MS/,
    );
    expect(() => parseConfig({ PAYLOCK_FEE_BASIS_POINTS: '2.5' })).toThrow(
      /PAYLOCK_FEE_BASIS_POINTS/,
    );
  });

  it('refuses production without SMTP_URL, and requires TLS there', () => {
    expect(problemsFor({ ...PRODUCTION_ENV, SMTP_URL: '' })).toEqual([
      'SMTP_URL is required in production (smtps://, or smtp:// with STARTTLS)',
    ]);
    expect(parseConfig(PRODUCTION_ENV).mail.requireTls).toBe(true);
    expect(
      parseConfig({ ...PRODUCTION_ENV, SMTP_URL: 'smtp://127.0.0.1:25' }).mail.requireTls,
    ).toBe(false);
  });

  it('lets a production instance that does not deliver (MAIL_DELIVERY=off) run without SMTP_URL', () => {
    expect(
      parseConfig({ ...PRODUCTION_ENV, SMTP_URL: '', MAIL_DELIVERY: 'off' }).mail,
    ).toMatchObject({
      smtpUrl: undefined,
      delivery: false,
    });
  });

  it('refuses production without Google credentials or a JWT secret, one line each', () => {
    expect(problemsFor({ NODE_ENV: 'production', PUBLIC_URL: 'https://paylock.in' })).toEqual([
      'SMTP_URL is required in production (smtps://, or smtp:// with STARTTLS)',
      'GOOGLE_CLIENT_ID is required in production',
      'GOOGLE_CLIENT_SECRET is required in production',
      'JWT_SECRET is required in production (at least 32 random characters)',
      'PAYOUT_ENCRYPTION_KEY is required in production (32 random bytes in base64: openssl rand -base64 32)',
      'SMS_BASE_URL is required in production (see docs/operations.md, SMS)',
      'SMS_AUTH_KEY is required in production (see docs/operations.md, SMS)',
      'SMS_TEMPLATE_ID is required in production (see docs/operations.md, SMS)',
      'SMS_SENDER is required in production (see docs/operations.md, SMS)',
      'SMS_DLT_ENTITY_ID is required in production (see docs/operations.md, SMS)',
      'OTP_SECRETS is required in production (comma-separated, each at least 32 random characters)',
      'RAZORPAY_KEY_ID is required in production (see docs/operations.md, Payments)',
      'RAZORPAY_KEY_SECRET is required in production (see docs/operations.md, Payments)',
      'RAZORPAY_WEBHOOK_SECRET is required in production (see docs/operations.md, Payments)',
    ]);
  });

  it('refuses a local payment gateway (or plain http) as Razorpay in production', () => {
    for (const RAZORPAY_API_URL of [
      'http://127.0.0.1:4031',
      'https://localhost:4031',
      'https://127.0.0.2',
      'https://gateway.localhost',
      'http://api.razorpay.com',
    ]) {
      expect(problemsFor({ ...PRODUCTION_ENV, RAZORPAY_API_URL })).toEqual([
        'RAZORPAY_API_URL must be Razorpay’s https:// endpoint in production, not a local payment gateway',
      ]);
    }
    expect(problemsFor({ ...PRODUCTION_ENV, RAZORPAY_WEBHOOK_SECRET: 'short' })).toEqual([
      'RAZORPAY_WEBHOOK_SECRET must be at least 16 random characters in production',
    ]);
  });

  it('reads the Razorpay settings: Razorpay itself unless told, empty keys outside production', () => {
    expect(parseConfig({}).razorpay).toEqual({
      apiUrl: 'https://api.razorpay.com',
      keyId: '',
      keySecret: '',
      webhookSecret: '',
    });
    expect(
      parseConfig({ RAZORPAY_API_URL: 'http://127.0.0.1:4031/', RAZORPAY_KEY_ID: 'rzp_test_x1' })
        .razorpay,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:4031', keyId: 'rzp_test_x1' });
    expect(problemsFor({ RAZORPAY_KEY_ID: 'not-a-key' })).toEqual([
      'RAZORPAY_KEY_ID must be a Razorpay key id, like rzp_live_…',
    ]);
  });

  it('refuses a local SMS inbox (or plain http) as the SMS provider in production', () => {
    for (const SMS_BASE_URL of [
      'http://127.0.0.1:4021',
      'http://localhost:4021',
      'https://localhost:4021',
      'https://127.0.0.2',
      'https://[::1]:4021',
      'https://0.0.0.0',
      'https://sms.localhost',
      'http://sms.example.com',
    ]) {
      expect(problemsFor({ ...PRODUCTION_ENV, SMS_BASE_URL })).toEqual([
        'SMS_BASE_URL must be the provider’s https:// endpoint in production, not a local SMS inbox',
      ]);
    }
  });

  it('reads OTP_SECRETS as a rotation list (first signs), and refuses short secrets', () => {
    const secrets =
      'the-new-secret-that-signs-from-now-0123, the-old-secret-still-verifying-0123456';
    expect(parseConfig({ OTP_SECRETS: secrets }).otp.secrets).toEqual([
      'the-new-secret-that-signs-from-now-0123',
      'the-old-secret-still-verifying-0123456',
    ]);
    expect(problemsFor({ OTP_SECRETS: 'short' })).toEqual([
      'OTP_SECRETS must be a comma-separated list of secrets, each at least 32 characters',
    ]);
    expect(parseConfig({}).otp.secrets).toHaveLength(1);
    expect(parseConfig({}).sms).toMatchObject({ baseUrl: undefined, hourlyBudget: 500 });
  });

  it('refuses production with a weak JWT secret', () => {
    expect(problemsFor({ ...PRODUCTION_ENV, JWT_SECRET: 'secret' })).toEqual([
      'JWT_SECRET must be at least 32 characters',
    ]);
  });

  it('refuses production with identity-provider endpoints that are not Google', () => {
    const local = 'http://127.0.0.1:9000';
    const problems = problemsFor({
      ...PRODUCTION_ENV,
      OIDC_ISSUER: local,
      OIDC_AUTHORIZATION_URL: `${local}/authorize`,
      OIDC_TOKEN_URL: 'https://oauth2.googleapis.com.evil.example/token',
      OIDC_USERINFO_URL: `${local}/userinfo`,
      OIDC_JWKS_URL: `${local}/jwks`,
    });
    expect(problems).toHaveLength(5);
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'OIDC_ISSUER',
      'OIDC_AUTHORIZATION_URL',
      'OIDC_TOKEN_URL',
      'OIDC_USERINFO_URL',
      'OIDC_JWKS_URL',
    ]);
    expect(problems[0]).toContain('must be a Google endpoint');
  });

  it('refuses production served over plain http', () => {
    expect(problemsFor({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://paylock.in' })).toEqual([
      'PUBLIC_URL must be an https:// URL (or http://localhost) in production (the session cookie is Secure)',
    ]);
    expect(
      problemsFor({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://localhost.evil.example:8080' }),
    ).toHaveLength(1);
  });

  it('accepts http://localhost in production: browsers treat it as a secure context', () => {
    const config = parseConfig({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://localhost:8080' });
    expect(config.auth.publicUrl).toBe('http://localhost:8080');
    expect(config.corsOrigins).toEqual(['http://localhost:8080']);
  });

  it('allows credentialed CORS only from PUBLIC_URL when CORS_ORIGINS is unset', () => {
    expect(parseConfig(PRODUCTION_ENV).corsOrigins).toEqual(['https://paylock.in']);
    expect(parseConfig({ PUBLIC_URL: 'http://localhost:4000/app' }).corsOrigins).toEqual([
      'http://localhost:4000',
    ]);
  });

  it('refuses plain-http CORS origins in production, naming them', () => {
    const problems = problemsFor({
      ...PRODUCTION_ENV,
      CORS_ORIGINS: 'https://paylock.in,http://paylock.in,http://localhost:5173',
    });
    expect(problems).toEqual([
      'CORS_ORIGINS must list only https:// origins (or http://localhost) in production (insecure: http://paylock.in)',
    ]);
  });

  it('accepts a local identity provider outside production', () => {
    const local = 'http://127.0.0.1:9000';
    const config = parseConfig({
      OIDC_ISSUER: local,
      OIDC_AUTHORIZATION_URL: `${local}/authorize`,
      OIDC_TOKEN_URL: `${local}/token`,
      OIDC_USERINFO_URL: `${local}/userinfo`,
      OIDC_JWKS_URL: `${local}/jwks`,
    });
    expect(config.auth.oidc.issuer).toBe(local);
  });

  it('reads ADMIN_EMAILS case-insensitively, trimmed and without repeats', () => {
    const config = parseConfig({
      ADMIN_EMAILS: ' Ops@Paylock.in, founder@gmail.com ,,ops@paylock.in',
      ADMIN_EXPORTS_PER_MINUTE: '3',
    });
    expect(config.admin).toEqual({
      emails: ['ops@paylock.in', 'founder@gmail.com'],
      exportsPerMinute: 3,
      subjects: new Map(),
      hostedDomain: undefined,
    });
  });

  it('reads ADMIN_EMAILS with international domains in their one ASCII spelling (#28)', () => {
    expect(parseConfig({ ADMIN_EMAILS: 'Ops@Bücher.example' }).admin.emails).toEqual([
      'ops@xn--bcher-kva.example',
    ]);
  });

  it('refuses ADMIN_GOOGLE_SUBJECTS entries that are not address=subject pairs', () => {
    expect(problemsFor({ ADMIN_GOOGLE_SUBJECTS: 'ops@paylock.in' })).toEqual([
      'ADMIN_GOOGLE_SUBJECTS must be a comma-separated list of address=Google subject pairs',
    ]);
  });

  it('refuses ADMIN_EMAILS entries that are not e-mail addresses, naming them', () => {
    expect(problemsFor({ ADMIN_EMAILS: 'ops@paylock.in, not-an-address' })).toEqual([
      'ADMIN_EMAILS must be a comma-separated list of e-mail addresses (invalid: "not-an-address")',
    ]);
  });

  it('ignores variables it does not know', () => {
    expect(() => parseConfig({ PATH: '/usr/bin', HOME: '/root' })).not.toThrow();
  });

  it("reports the problems of several modules' variables together, each naming its variable", () => {
    // SMS_SENDER is the SMS module's, PAYLOCK_FEE_BASIS_POINTS the payments module's.
    expect(problemsFor({ SMS_SENDER: 'PAY', PAYLOCK_FEE_BASIS_POINTS: '5000' })).toEqual([
      'SMS_SENDER must be the 6-letter DLT sender header, like PAYLCK',
      'PAYLOCK_FEE_BASIS_POINTS must be an integer between 0 and 2000',
    ]);
  });

  it('lets each variable belong to one module only', () => {
    const names = environmentVariableNames();
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['NODE_ENV', 'SMS_SENDER', 'RAZORPAY_KEY_ID']));
  });
});
