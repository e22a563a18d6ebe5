import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { StateStore } from 'passport-oauth2';
import { Strategy } from 'passport-google-oauth20';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { CookieOAuthStateStore } from './oauth-state.store.js';

export const GOOGLE_STRATEGY = 'google';
export const GOOGLE_CALLBACK_PATH = '/api/v1/auth/google/callback';
const VERIFY_CALLBACK_ARITY = 5; // (accessToken, refreshToken, params, profile, done): gives params

/**
 * The authorization-code flow with state and PKCE (S256), endpoints from configuration. Its
 * result is the provider's ID token from the token response; the controller verifies it like a
 * credential sent to /register or /login, so both flows establish the identity the same way.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(
  Strategy,
  GOOGLE_STRATEGY,
  VERIFY_CALLBACK_ARITY,
) {
  constructor(@Inject(APP_CONFIG) config: AppConfig, stateStore: CookieOAuthStateStore) {
    const { auth } = config;
    super({
      clientID: auth.googleClientId,
      clientSecret: auth.googleClientSecret,
      callbackURL: auth.publicUrl + GOOGLE_CALLBACK_PATH,
      authorizationURL: auth.oidc.authorizationUrl,
      tokenURL: auth.oidc.tokenUrl,
      userProfileURL: auth.oidc.userinfoUrl,
      scope: ['openid', 'email', 'profile'],
      pkce: true,
      // passport-oauth2 calls a custom store by its arity; its typings know only the older one.
      store: stateStore as unknown as StateStore,
      skipUserProfile: true,
    });
  }

  /** OpenID Connect's `max_age` (re-authentication, #41): passport-google-oauth20 knows `prompt` only. */
  override authorizationParams(options: { maxAge?: unknown }): object {
    const params = super.authorizationParams(options) as Record<string, string>;
    return typeof options.maxAge === 'number'
      ? { ...params, max_age: String(options.maxAge) }
      : params;
  }

  validate(_accessToken: string, _refreshToken: string, params: { id_token?: unknown }): string {
    if (typeof params.id_token !== 'string') throw new Error('The provider returned no ID token');
    return params.id_token;
  }
}
