import { z } from 'zod';
import {
  booleanish,
  integerBetween,
  isSecureOrigin,
  oneOf,
} from '../common/infrastructure/settings/env-values.js';
import {
  moduleSettings,
  NODE_ENVS,
  type NodeEnv,
} from '../common/infrastructure/settings/module-settings.js';

/**
 * The process's own settings, read by main.ts, bootstrap/, database/ and logging/ rather than by a
 * feature: where it listens, its database, its logs, how long it waits for clients.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How long the HTTP server waits for a client (node:http's timeouts, ms). */
export interface HttpTimeouts {
  /** Headers and body of a request received in full, from its first byte. */
  readonly requestMs: number;
  /** A request's headers received in full. */
  readonly headersMs: number;
  /** An idle keep-alive connection kept open for the next request. */
  readonly keepAliveMs: number;
}

export interface ProcessSettings {
  readonly nodeEnv: NodeEnv;
  readonly host: string;
  readonly port: number;
  readonly mongodbUri: string;
  /** CORS_ORIGINS; unset: PUBLIC_URL's origin only (app-settings.ts fills it in). */
  readonly corsOrigins: readonly string[] | undefined;
  readonly logLevel: LogLevel;
  readonly trustProxy: boolean;
  readonly dbServerSelectionTimeoutMs: number;
  readonly httpTimeouts: HttpTimeouts;
}

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

export const PROCESS_SETTINGS = moduleSettings({
  variables: z.object({
    NODE_ENV: oneOf(NODE_ENVS).default('development'),
    HOST: z.string().trim().default('127.0.0.1'),
    PORT: integerBetween(1, 65535).default(3000),
    MONGODB_URI: mongodbUri.default('mongodb://127.0.0.1:27017/paylock'),
    /** Unset: PUBLIC_URL's origin only. */
    CORS_ORIGINS: corsOrigins.optional(),
    LOG_LEVEL: oneOf(LOG_LEVELS).default('info'),
    TRUST_PROXY: booleanish.default(false),
    DB_SERVER_SELECTION_TIMEOUT_MS: integerBetween(100, 60000).default(2000),
    HTTP_REQUEST_TIMEOUT_MS: integerBetween(1000, 300_000).default(30_000),
    HTTP_HEADERS_TIMEOUT_MS: integerBetween(1000, 300_000).default(10_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: integerBetween(1000, 300_000).default(5_000),
  }),
  problems(values, { nodeEnv }) {
    const problems: string[] = [];
    const insecureOrigins =
      nodeEnv === 'production'
        ? (values.CORS_ORIGINS ?? []).filter((origin) => !isSecureOrigin(origin))
        : [];
    if (insecureOrigins.length > 0) {
      problems.push(
        `CORS_ORIGINS must list only https:// origins (or http://localhost) in production (insecure: ${insecureOrigins.join(', ')})`,
      );
    }
    // Headers come before the body, so their limit is the shorter; and it must outlast the
    // keep-alive wait, or a request arriving just as an idle connection times out can be cut.
    if (values.HTTP_HEADERS_TIMEOUT_MS > values.HTTP_REQUEST_TIMEOUT_MS) {
      problems.push('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
    }
    if (values.HTTP_HEADERS_TIMEOUT_MS <= values.HTTP_KEEP_ALIVE_TIMEOUT_MS) {
      problems.push('HTTP_HEADERS_TIMEOUT_MS must be longer than HTTP_KEEP_ALIVE_TIMEOUT_MS');
    }
    return problems;
  },
  settings: (values): ProcessSettings => ({
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    mongodbUri: values.MONGODB_URI,
    corsOrigins: values.CORS_ORIGINS,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    dbServerSelectionTimeoutMs: values.DB_SERVER_SELECTION_TIMEOUT_MS,
    httpTimeouts: {
      requestMs: values.HTTP_REQUEST_TIMEOUT_MS,
      headersMs: values.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveMs: values.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
  }),
});
