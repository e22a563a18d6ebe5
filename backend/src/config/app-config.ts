import { z } from 'zod';

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
}

export interface RateLimits {
  readonly waitlistPerMinute: number;
  readonly authPerMinute: number;
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

const environmentSchema = z.object({
  NODE_ENV: oneOf(NODE_ENVS).default('development'),
  HOST: z.string().trim().default('127.0.0.1'),
  PORT: integerBetween(1, 65535).default(3000),
  MONGODB_URI: mongodbUri.default('mongodb://127.0.0.1:27017/paylock'),
  CORS_ORIGINS: corsOrigins.default(['http://localhost:5173']),
  LOG_LEVEL: oneOf(LOG_LEVELS).default('info'),
  TRUST_PROXY: booleanish.default(false),
  DB_SERVER_SELECTION_TIMEOUT_MS: integerBetween(100, 60000).default(2000),
  RATE_LIMIT_WAITLIST_PER_MINUTE: integerBetween(1, 1_000_000).default(10),
  RATE_LIMIT_AUTH_PER_MINUTE: integerBetween(1, 1_000_000).default(30),
});

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
  return {
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    mongodbUri: values.MONGODB_URI,
    corsOrigins: values.CORS_ORIGINS,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    dbServerSelectionTimeoutMs: values.DB_SERVER_SELECTION_TIMEOUT_MS,
    rateLimits: {
      waitlistPerMinute: values.RATE_LIMIT_WAITLIST_PER_MINUTE,
      authPerMinute: values.RATE_LIMIT_AUTH_PER_MINUTE,
    },
  };
}
