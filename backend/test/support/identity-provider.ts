/**
 * A local OAuth 2 / OpenID Connect provider for development and tests (oauth2-mock-server): real
 * RS256 keys and JWKS, authorization code with PKCE, ID tokens. Its authorize endpoint signs the
 * browser in at once, as the identity set with setNextIdentity (a stable demo creator by default).
 * Used by the backend's HTTP tests, the browser tests and `npm start` without Google credentials.
 *
 * Self-contained (package imports only, erasable TypeScript) so Node, Jest and Playwright can all
 * load it. It lives here because the backend's type check admits no file outside backend/; the
 * scripts and the browser tests import it through scripts/lib/identity-provider.ts.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import type { MutableRedirectUri, MutableResponse, MutableToken } from 'oauth2-mock-server';

/** Who the provider says signed in: the ID token's identity claims. */
export interface Identity {
  readonly sub: string;
  readonly email: string;
  readonly name: string;
  readonly picture?: string;
  readonly email_verified?: boolean;
}

export const DEMO_IDENTITY: Identity = {
  sub: 'local-demo-creator',
  email: 'demo.creator@paylock.local',
  name: 'Demo Creator',
  email_verified: true,
};

export interface IdTokenOptions {
  /** Seconds until expiry; negative for an already expired token. Default 3600. */
  readonly expiresInSeconds?: number;
  /** Sign with a key the provider's JWKS does not publish (a forged token). */
  readonly signWithUnknownKey?: boolean;
}

export interface IdentityProvider {
  readonly issuer: string;
  readonly endpoints: {
    readonly authorization: string;
    readonly token: string;
    readonly userinfo: string;
    readonly jwks: string;
  };
  readonly clientId: string;
  readonly clientSecret: string;
  /** The backend's environment variables pointing at this provider. */
  readonly backendEnv: Readonly<Record<string, string>>;
  /** The identity every following sign-in gets (until changed). */
  setNextIdentity(identity: Identity): void;
  /** The next authorization answers with this OAuth error (e.g. the person denies consent). */
  failNextAuthorization(error?: string): void;
  /** An ID token as Google Identity Services would hand it to the browser. */
  issueIdToken(claims?: Record<string, unknown>, options?: IdTokenOptions): Promise<string>;
  stop(): Promise<void>;
}

export interface IdentityProviderOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly clientId?: string;
  readonly clientSecret?: string;
}

const HOST = '127.0.0.1';
const USERINFO_CLAIMS = ['sub', 'email', 'name', 'picture', 'email_verified'] as const;

function identityClaims(identity: Identity): Record<string, unknown> {
  return { email_verified: true, ...identity };
}

/** The payload of a JWT this provider signed itself (the userinfo endpoint's bearer token). */
function payloadOf(bearer: string | undefined): Record<string, unknown> {
  const [, payload] = (bearer ?? '').replace(/^Bearer /i, '').split('.');
  try {
    return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

/**
 * An RS256 private JWK. The library's own keys.generate() rejects the key object jose returns
 * when it comes from another JavaScript realm (as under Jest's VM modules); keys.add() copies it.
 */
async function signingKey(): Promise<Parameters<OAuth2Server['issuer']['keys']['add']>[0]> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), alg: 'RS256', kid: randomUUID() };
}

export async function startIdentityProvider(
  options: IdentityProviderOptions = {},
): Promise<IdentityProvider> {
  const clientId = options.clientId ?? 'paylock-local-client';
  const clientSecret = options.clientSecret ?? 'paylock-local-secret';
  const server = new OAuth2Server();
  await server.issuer.keys.add(await signingKey());
  await server.start(options.port ?? 0, HOST);
  // The library names it "localhost", which may resolve to ::1, where nothing listens.
  const issuer = `http://${HOST}:${String(server.address().port)}`;
  server.issuer.url = issuer;

  let nextIdentity = DEMO_IDENTITY;
  let nextError: string | undefined;
  /** Each authorization code signs in as the identity current when it was issued. */
  const identityByCode = new Map<string, Identity>();

  server.service.on(Events.BeforeAuthorizeRedirect, ({ url }: MutableRedirectUri) => {
    const code = url.searchParams.get('code');
    if (nextError !== undefined) {
      url.searchParams.delete('code');
      url.searchParams.set('error', nextError);
      nextError = undefined;
    } else if (code) {
      identityByCode.set(code, nextIdentity);
    }
  });
  server.service.on(
    Events.BeforeTokenSigning,
    (token: MutableToken, request: { body?: { code?: unknown } }) => {
      const code = request.body?.code;
      const identity = (typeof code === 'string' && identityByCode.get(code)) || nextIdentity;
      Object.assign(token.payload, identityClaims(identity));
    },
  );
  server.service.on(
    Events.BeforeResponse,
    (_response: MutableResponse, request: { body?: { code?: unknown } }) => {
      const code = request.body?.code;
      if (typeof code === 'string') identityByCode.delete(code);
    },
  );
  server.service.on(
    Events.BeforeUserinfo,
    (response: MutableResponse, request: { headers: { authorization?: string } }) => {
      const claims = payloadOf(request.headers.authorization);
      response.body = Object.fromEntries(
        USERINFO_CLAIMS.map((claim) => [claim, claims[claim]] as const),
      );
    },
  );

  const endpoints = {
    authorization: `${issuer}/authorize`,
    token: `${issuer}/token`,
    userinfo: `${issuer}/userinfo`,
    jwks: `${issuer}/jwks`,
  };

  async function issueIdToken(
    claims: Record<string, unknown> = {},
    tokenOptions: IdTokenOptions = {},
  ): Promise<string> {
    const expiresIn = tokenOptions.expiresInSeconds ?? 3600;
    if (tokenOptions.signWithUnknownKey) {
      const now = Math.floor(Date.now() / 1000);
      const { privateKey } = await generateKeyPair('RS256');
      return new SignJWT({
        iss: issuer,
        aud: clientId,
        iat: now,
        exp: now + expiresIn,
        ...identityClaims(nextIdentity),
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'unknown-key' })
        .sign(privateKey);
    }
    return server.issuer.buildToken({
      expiresIn,
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, { aud: clientId, ...identityClaims(nextIdentity), ...claims });
      },
    });
  }

  return {
    issuer,
    endpoints,
    clientId,
    clientSecret,
    backendEnv: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      OIDC_ISSUER: issuer,
      OIDC_AUTHORIZATION_URL: endpoints.authorization,
      OIDC_TOKEN_URL: endpoints.token,
      OIDC_USERINFO_URL: endpoints.userinfo,
      OIDC_JWKS_URL: endpoints.jwks,
    },
    setNextIdentity(identity) {
      nextIdentity = identity;
    },
    failNextAuthorization(error = 'access_denied') {
      nextError = error;
    },
    issueIdToken,
    stop: () => server.stop(),
  };
}
