import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { AuthCookies } from './auth-cookies.js';

export const SIGN_IN_INTENTS = ['signup', 'login'] as const;
export type SignInIntent = (typeof SIGN_IN_INTENTS)[number];

export function isSignInIntent(value: unknown): value is SignInIntent {
  return SIGN_IN_INTENTS.some((intent) => intent === value);
}

/** A signed-in creator proving who they are again (#41): not a sign-in. */
export const REAUTH_INTENT = 'reauth';
export type OAuthIntent = SignInIntent | typeof REAUTH_INTENT;

function isOAuthIntent(value: unknown): value is OAuthIntent {
  return isSignInIntent(value) || value === REAUTH_INTENT;
}

/** The session a re-authentication round trip is for, and when it started. */
export interface ReauthRequestState {
  readonly sessionId: string;
  readonly userId: string;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
}

/** What the authorization request remembers for its callback. */
export interface OAuthRequestState {
  readonly intent: OAuthIntent;
  /** A sign-up's invite code (from /register?invite=…), carried through the provider. */
  readonly invite?: string | undefined;
  readonly reauth?: ReauthRequestState | undefined;
  /** The state's handle, given back by verify: names the round trip (one use). */
  readonly handle?: string | undefined;
}

function reauthStateOf(value: unknown): ReauthRequestState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { sessionId, userId, startedAt } = value as Partial<ReauthRequestState>;
  return typeof sessionId === 'string' &&
    typeof userId === 'string' &&
    typeof startedAt === 'number'
    ? { sessionId, userId, startedAt }
    : undefined;
}

const STATE_LIFETIME_SECONDS = 600;
const STATE_AUDIENCE = 'paylock-oauth-state';

type StoreCallback = (error: Error | null, handle?: string) => void;
type VerifyCallback = (
  error: Error | null,
  codeVerifier: string | false,
  state?: OAuthRequestState | { message: string },
) => void;

function isRequestState(value: unknown): value is OAuthRequestState {
  return (
    typeof value === 'object' &&
    value !== null &&
    isOAuthIntent((value as OAuthRequestState).intent)
  );
}

/**
 * passport-oauth2's state store, kept in the browser instead of a server session: the `state`
 * handle, the PKCE verifier and the intent travel in a short-lived JWT in an httpOnly cookie,
 * signed with a key derived from JWT_SECRET. The callback must present the same handle as the
 * cookie, so a callback URL opened in another browser (login CSRF) fails. Every callback clears
 * the cookie (see GoogleSignInController), so each state serves one attempt.
 */
@Injectable()
export class CookieOAuthStateStore {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly cookies: AuthCookies,
    private readonly jwt: JwtService,
  ) {
    this.key = createHmac('sha256', config.auth.jwtSecret).update(STATE_AUDIENCE).digest();
  }

  private sign(payload: Record<string, unknown>): Promise<string> {
    return this.jwt.signAsync(payload, {
      secret: this.key,
      algorithm: 'HS256',
      audience: STATE_AUDIENCE,
      expiresIn: STATE_LIFETIME_SECONDS,
    });
  }

  private read(signed: string): Promise<Record<string, unknown>> {
    return this.jwt.verifyAsync<Record<string, unknown>>(signed, {
      secret: this.key,
      algorithms: ['HS256'],
      audience: STATE_AUDIENCE,
    });
  }

  /** passport calls it with five parameters when PKCE is on: it checks `store.length`. */
  store(
    request: Request,
    codeVerifier: string,
    state: OAuthRequestState,
    _meta: unknown,
    callback: StoreCallback,
  ): void {
    const handle = randomBytes(24).toString('base64url');
    const invite = state.invite === undefined ? {} : { invite: state.invite };
    const reauth = state.reauth === undefined ? {} : { reauth: state.reauth };
    this.sign({ handle, codeVerifier, intent: state.intent, ...invite, ...reauth })
      .then((signed) => {
        if (request.res)
          this.cookies.setOAuthState(request.res, signed, STATE_LIFETIME_SECONDS * 1000);
        callback(null, handle);
      })
      .catch((error: unknown) => {
        callback(error instanceof Error ? error : new Error('Could not store the OAuth state'));
      });
  }

  /**
   * The intent of the sign-in this browser started, from its state cookie when that is genuine
   * and unexpired; undefined otherwise. For choosing where to send the browser back to.
   */
  async intentOf(request: Request): Promise<OAuthIntent | undefined> {
    const signed = this.cookies.readOAuthState(request);
    if (!signed) return undefined;
    try {
      const payload = await this.read(signed);
      return isOAuthIntent(payload.intent) ? payload.intent : undefined;
    } catch {
      return undefined;
    }
  }

  verify(request: Request, providedHandle: string, callback: VerifyCallback): void {
    const signed = this.cookies.readOAuthState(request);
    const rejected = { message: 'Unable to verify the authorization request state.' };
    if (!signed) {
      callback(null, false, rejected);
      return;
    }
    this.read(signed)
      .then((payload) => {
        const { handle, codeVerifier } = payload;
        const reauth = reauthStateOf(payload.reauth);
        const state = {
          intent: payload.intent,
          ...(typeof payload.invite === 'string' && { invite: payload.invite }),
          ...(reauth && { reauth, handle }),
        };
        if (
          handle !== providedHandle ||
          typeof codeVerifier !== 'string' ||
          !isRequestState(state) ||
          (state.intent === REAUTH_INTENT) !== (reauth !== undefined)
        ) {
          callback(null, false, rejected);
          return;
        }
        callback(null, codeVerifier, state);
      })
      .catch(() => {
        callback(null, false, rejected);
      });
  }
}
