/**
 * A local OAuth 2 / OpenID Connect provider for development and tests (oauth2-mock-server): real
 * RS256 keys and JWKS, authorization code with PKCE, ID tokens. Used by `npm start` without Google
 * credentials, the backend's HTTP tests, the browser tests and the API fuzzing.
 *
 * Who signs in: with `chooser: true` (npm start, the browser tests) the authorization endpoint is
 * an account chooser page: the demo creator, the demo admin, or any name and e-mail typed in.
 * Tests choose programmatically with setNextIdentity, which skips the page until showChooser();
 * without the chooser every sign-in is the identity last set (the demo creator by default).
 *
 * Erasable TypeScript, package imports only: Node runs it as it is, and Jest, Playwright and the
 * backend's and frontend's type checks can all load it from its source. The chooser page and the
 * demo identities are in chooser.ts.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import type { MutableRedirectUri, MutableResponse, MutableToken } from 'oauth2-mock-server';
import {
  authorizeParameters,
  CHOOSER_PATH,
  CHOSEN_PATH,
  chooserPage,
  chosenIdentity,
  DEMO_IDENTITY,
  type Identity,
  sendHtml,
} from './chooser.ts';

export { DEMO_ADMIN_IDENTITY, DEMO_IDENTITY, type Identity } from './chooser.ts';

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
  /**
   * The identity every following sign-in gets (until changed); the chooser page, if any, is
   * skipped until showChooser().
   */
  setNextIdentity(identity: Identity): void;
  /** Sign-ins show the account chooser again (only with `chooser: true`). */
  showChooser(): void;
  /** The next authorization answers with this OAuth error (e.g. the person denies consent). */
  failNextAuthorization(error?: string): void;
  /**
   * The next authorization reports this `auth_time` (seconds since the epoch) whatever its
   * `prompt`/`max_age`: a provider that did not make the person sign in again.
   */
  reportNextAuthTime(authTime: number): void;
  /** An ID token as Google Identity Services would hand it to the browser. */
  issueIdToken(claims?: Record<string, unknown>, options?: IdTokenOptions): Promise<string>;
  stop(): Promise<void>;
}

export interface IdentityProviderOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly clientId?: string;
  readonly clientSecret?: string;
  /** The authorization endpoint shows the account chooser page (default false). */
  readonly chooser?: boolean;
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
  /** With the chooser on: whether tests have chosen the identity themselves. */
  let chosenProgrammatically = false;
  /** Each authorization code signs in as the identity current when it was issued. */
  const identityByCode = new Map<string, Identity>();
  /** When each code's person last typed their credentials (OIDC `auth_time`, seconds). */
  const authTimeByCode = new Map<string, number>();
  /** Per subject, when they last signed in here: reused unless the request asks to sign in again. */
  const lastLoginBySub = new Map<string, number>();
  let nextAuthTime: number | undefined;

  /**
   * OIDC Core §3.1.2.1: `prompt=login` or a `max_age` the last sign-in is older than make the
   * person sign in again (now); otherwise the provider's earlier sign-in stands.
   */
  function authTimeFor(identity: Identity, query: Record<string, unknown>): number {
    const now = Math.floor(Date.now() / 1000);
    if (nextAuthTime !== undefined) {
      const reported = nextAuthTime;
      nextAuthTime = undefined;
      return reported;
    }
    const last = lastLoginBySub.get(identity.sub);
    const prompts = typeof query.prompt === 'string' ? query.prompt.split(' ') : [];
    const maxAge = typeof query.max_age === 'string' ? Number(query.max_age) : Number.NaN;
    const again =
      last === undefined ||
      prompts.includes('login') ||
      (Number.isFinite(maxAge) && now - last >= maxAge);
    if (again) lastLoginBySub.set(identity.sub, now);
    return again ? now : last;
  }
  /** What the chooser page picked, per authorization request (its state). */
  const identityByState = new Map<string, Identity>();

  server.service.on(
    Events.BeforeAuthorizeRedirect,
    ({ url }: MutableRedirectUri, request: { query?: Record<string, unknown> }) => {
      const code = url.searchParams.get('code');
      const state = url.searchParams.get('state') ?? '';
      const chosen = identityByState.get(state);
      identityByState.delete(state);
      if (nextError !== undefined) {
        url.searchParams.delete('code');
        url.searchParams.set('error', nextError);
        nextError = undefined;
      } else if (code) {
        const identity = chosen ?? nextIdentity;
        identityByCode.set(code, identity);
        authTimeByCode.set(code, authTimeFor(identity, request.query ?? {}));
      }
    },
  );

  const authorizeUrl = (parameters: readonly [string, string][]) =>
    `${issuer}/authorize?${new URLSearchParams([...parameters]).toString()}`;

  server.service.addRoute(
    'GET',
    CHOOSER_PATH,
    (request: IncomingMessage & { query?: Record<string, unknown> }, response: ServerResponse) => {
      const parameters = authorizeParameters(request.query ?? {});
      if (chosenProgrammatically || nextError !== undefined) {
        response.writeHead(302, { Location: authorizeUrl(parameters) });
        response.end();
        return;
      }
      sendHtml(response, 200, chooserPage(parameters));
    },
  );
  server.service.addRoute(
    'GET',
    CHOSEN_PATH,
    (request: IncomingMessage & { query?: Record<string, unknown> }, response: ServerResponse) => {
      const query = request.query ?? {};
      const parameters = authorizeParameters(query);
      const identity = chosenIdentity(query);
      if (typeof identity === 'string') {
        sendHtml(response, 400, chooserPage(parameters, identity));
        return;
      }
      const state = typeof query.state === 'string' ? query.state : '';
      if (state === '') {
        sendHtml(response, 400, chooserPage(parameters, 'The sign-in request has no state.'));
        return;
      }
      identityByState.set(state, identity);
      response.writeHead(302, { Location: authorizeUrl(parameters) });
      response.end();
    },
  );
  server.service.on(
    Events.BeforeTokenSigning,
    (token: MutableToken, request: { body?: { code?: unknown } }) => {
      const code = request.body?.code;
      const identity = (typeof code === 'string' && identityByCode.get(code)) || nextIdentity;
      Object.assign(token.payload, identityClaims(identity));
      const authTime = typeof code === 'string' ? authTimeByCode.get(code) : undefined;
      if (authTime !== undefined) Object.assign(token.payload, { auth_time: authTime });
    },
  );
  server.service.on(
    Events.BeforeResponse,
    (_response: MutableResponse, request: { body?: { code?: unknown } }) => {
      const code = request.body?.code;
      if (typeof code === 'string') {
        identityByCode.delete(code);
        authTimeByCode.delete(code);
      }
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
    authorization: `${issuer}${options.chooser ? CHOOSER_PATH : '/authorize'}`,
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
      chosenProgrammatically = true;
    },
    showChooser() {
      chosenProgrammatically = false;
    },
    failNextAuthorization(error = 'access_denied') {
      nextError = error;
    },
    reportNextAuthTime(authTime) {
      nextAuthTime = authTime;
    },
    issueIdToken,
    stop: () => server.stop(),
  };
}
