import { Controller, Get, Inject, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { RateLimited } from '../../rate-limit/index.js';
import { SignInWithGoogle } from '../application/sign-in-with-google.use-case.js';
import { SignUpWithGoogle } from '../application/sign-up-with-google.use-case.js';
import { ReauthenticateWithGoogle } from '../application/recent-authentication.use-case.js';
import { InvalidCredentialError } from '../domain/auth.errors.js';
import { DomainError } from '../../common/domain/domain.error.js';
import { AuthCookies } from './auth-cookies.js';
import { AuthDocs } from './auth.openapi.js';
import {
  type GoogleCallbackResult,
  type GoogleReauthCallbackResult,
  GoogleCallbackGuard,
  StartGoogleSignInGuard,
} from './google-oauth.guards.js';
import { GoogleSignInErrorFilter } from './google-sign-in-error.filter.js';
import { deviceOf } from './session-device.js';

/**
 * The browser's Google sign-in: a navigation to the provider and its redirect back. Answers are
 * redirects into the app, never JSON: a domain error becomes `?reason=<its code>` on the page
 * that explains it, and so does a rate limit or an outage (GoogleSignInErrorFilter).
 */
@Controller('auth')
@RateLimited('auth', { answeredByRedirect: true })
@UseFilters(GoogleSignInErrorFilter)
@AuthDocs.googleController()
export class GoogleSignInController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookies: AuthCookies,
    private readonly signUp: SignUpWithGoogle,
    private readonly signIn: SignInWithGoogle,
    private readonly reauthenticate: ReauthenticateWithGoogle,
  ) {}

  @Get('google')
  @UseGuards(StartGoogleSignInGuard)
  @AuthDocs.startGoogleSignIn()
  startGoogleSignIn(): void {
    // The guard has already answered with the redirect.
  }

  @Get('google/callback')
  @UseGuards(GoogleCallbackGuard)
  @NoStore()
  @AuthDocs.completeGoogleSignIn()
  async completeGoogleSignIn(@Req() request: Request, @Res() response: Response): Promise<void> {
    this.cookies.clearOAuthState(response); // spent, whatever the outcome: one attempt per state
    const result = (request.user ?? null) as
      GoogleCallbackResult | GoogleReauthCallbackResult | null;
    if (result?.intent === 'reauth') {
      await this.completeReauthentication(result, response);
      return;
    }
    // A refusal is a domain error: GoogleSignInErrorFilter redirects to the page explaining it.
    if (!result) throw new InvalidCredentialError();
    const session =
      result.intent === 'signup'
        ? await this.signUp.execute(result.idToken, result.invite, deviceOf(request))
        : await this.signIn.execute(result.idToken, deviceOf(request));
    this.cookies.setRefreshTokenOf(response, session);
    response.redirect(
      302,
      `${this.config.auth.publicUrl}/creator/dashboard?signedIn=${result.intent}`,
    );
  }

  /** A re-authentication ends on its own page, which tells the app (its opener) the result. */
  private async completeReauthentication(
    result: GoogleReauthCallbackResult,
    response: Response,
  ): Promise<void> {
    let outcome = 'result=ok';
    try {
      await this.reauthenticate.execute(result.idToken, result);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome = `result=failed&reason=${error.code}`;
    }
    response.redirect(302, `${this.config.auth.publicUrl}/account/reauthenticated?${outcome}`);
  }
}
