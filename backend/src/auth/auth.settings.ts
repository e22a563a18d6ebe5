import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  httpUrl,
  integerBetween,
  isSecureOrigin,
} from '../common/infrastructure/settings/env-values.js';
import { moduleSettings } from '../common/infrastructure/settings/module-settings.js';

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

export const GOOGLE_OIDC_ENDPOINTS: OidcEndpoints = {
  issuer: 'https://accounts.google.com',
  authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
};

/** Google's own hosts, over https: what production accepts as the identity provider. */
export function isGoogleEndpoint(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (
    protocol === 'https:' &&
    (hostname === 'accounts.google.com' || hostname.endsWith('.googleapis.com'))
  );
}

/** Client id and secret outside production when none are configured (the flow then fails). */
const UNCONFIGURED_GOOGLE_CLIENT = 'paylock-unconfigured-client';
const MIN_JWT_SECRET_LENGTH = 32;

const publicUrl = httpUrl
  .refine((value) => {
    const url = new URL(value);
    return url.search === '' && url.hash === '';
  }, 'must be a URL without query or fragment, like https://paylock.in')
  .transform((value) => value.replace(/\/+$/, ''));

const OIDC_VARIABLES = [
  'OIDC_ISSUER',
  'OIDC_AUTHORIZATION_URL',
  'OIDC_TOKEN_URL',
  'OIDC_USERINFO_URL',
  'OIDC_JWKS_URL',
] as const;

/** Sign-in: the public URL, the identity provider, and the tokens and sessions (docs/auth.md). */
export const AUTH_SETTINGS = moduleSettings({
  variables: z.object({
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
  }),
  /** Production must sign in with Google itself, with real credentials and a strong secret. */
  problems(values, { nodeEnv }) {
    if (nodeEnv !== 'production') return [];
    const problems: string[] = [];
    if (!values.GOOGLE_CLIENT_ID) problems.push('GOOGLE_CLIENT_ID is required in production');
    if (!values.GOOGLE_CLIENT_SECRET) {
      problems.push('GOOGLE_CLIENT_SECRET is required in production');
    }
    if (!values.JWT_SECRET) {
      problems.push(
        `JWT_SECRET is required in production (at least ${MIN_JWT_SECRET_LENGTH} random characters)`,
      );
    }
    for (const name of OIDC_VARIABLES) {
      if (!isGoogleEndpoint(values[name])) {
        problems.push(`${name} must be a Google endpoint (https://…google…) in production`);
      }
    }
    if (!isSecureOrigin(values.PUBLIC_URL)) {
      problems.push(
        'PUBLIC_URL must be an https:// URL (or http://localhost) in production (the session cookie is Secure)',
      );
    }
    return problems;
  },
  settings: (values): AuthConfig => ({
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
  }),
});

/** This module's part of the app's configuration (composed in app-settings.ts). */
declare module '../config/app-config.js' {
  interface AppConfig {
    readonly auth: AuthConfig;
  }
}
