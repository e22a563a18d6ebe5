import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { readCookie } from '../../common/presentation/read-cookie.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { IssuedSession } from '../application/session-issuer.js';

export const REFRESH_COOKIE_NAME = 'paylock_refresh';
export const OAUTH_STATE_COOKIE_NAME = 'paylock_oauth_state';
/** In production cookies carry the `__Host-` prefix: Secure, Path=/, no Domain, set by us only. */
const HOST_PREFIX = '__Host-';

/** Names and attributes of the cookies auth sets: the refresh token and the OAuth state. */
@Injectable()
export class AuthCookies {
  private readonly production: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.production = config.nodeEnv === 'production';
  }

  get refreshCookieName(): string {
    return this.production ? HOST_PREFIX + REFRESH_COOKIE_NAME : REFRESH_COOKIE_NAME;
  }

  get oauthStateCookieName(): string {
    return this.production ? HOST_PREFIX + OAUTH_STATE_COOKIE_NAME : OAUTH_STATE_COOKIE_NAME;
  }

  readRefreshToken(request: Request): string | undefined {
    return readCookie(request, this.refreshCookieName);
  }

  setRefreshToken(response: Response, token: string, expiresAt: Date): void {
    response.cookie(this.refreshCookieName, token, {
      ...this.attributes('strict'),
      expires: expiresAt,
    });
  }

  /** Sets the session's new refresh token, if it has one (otherwise the cookie stays as it is). */
  setRefreshTokenOf(response: Response, session: IssuedSession): void {
    if (session.refreshToken) {
      this.setRefreshToken(response, session.refreshToken.value, session.refreshToken.expiresAt);
    }
  }

  clearRefreshToken(response: Response): void {
    response.clearCookie(this.refreshCookieName, this.attributes('strict'));
  }

  readOAuthState(request: Request): string | undefined {
    return readCookie(request, this.oauthStateCookieName);
  }

  /** Lax, not Strict: it must come back on the provider's cross-site redirect to the callback. */
  setOAuthState(response: Response, value: string, maxAgeMs: number): void {
    response.cookie(this.oauthStateCookieName, value, {
      ...this.attributes('lax'),
      maxAge: maxAgeMs,
    });
  }

  clearOAuthState(response: Response): void {
    response.clearCookie(this.oauthStateCookieName, this.attributes('lax'));
  }

  private attributes(sameSite: 'strict' | 'lax'): CookieOptions {
    return { httpOnly: true, secure: this.production, sameSite, path: '/' };
  }
}
