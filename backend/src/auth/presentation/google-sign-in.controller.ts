import { Controller, Get, Header, Inject, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { inviteRefusalReason } from '../../invites/index.js';
import { RateLimited } from '../../rate-limit/rate-limit.decorator.js';
import { UserAlreadyExistsError } from '../../users/index.js';
import { SignInWithGoogle } from '../application/sign-in-with-google.use-case.js';
import { SignUpWithGoogle } from '../application/sign-up-with-google.use-case.js';
import { AccountNotFoundError, InvalidCredentialError } from '../domain/auth.errors.js';
import { AuthCookies } from './auth-cookies.js';
import { AuthDocs } from './auth.openapi.js';
import {
  type GoogleCallbackResult,
  GoogleCallbackGuard,
  StartGoogleSignInGuard,
} from './google-oauth.guards.js';
import { GoogleSignInErrorFilter } from './google-sign-in-error.filter.js';

/**
 * The browser's Google sign-in: a navigation to the provider and its redirect back. Answers are
 * redirects into the app, never JSON: a domain error becomes a `reason` on the page it lands on,
 * and so does a rate limit or an outage (GoogleSignInErrorFilter).
 */
@Controller('auth')
@RateLimited('auth')
@UseFilters(GoogleSignInErrorFilter)
@AuthDocs.googleController()
export class GoogleSignInController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookies: AuthCookies,
    private readonly signUp: SignUpWithGoogle,
    private readonly signIn: SignInWithGoogle,
  ) {}

  @Get('google')
  @UseGuards(StartGoogleSignInGuard)
  @AuthDocs.startGoogleSignIn()
  startGoogleSignIn(): void {
    // The guard has already answered with the redirect.
  }

  @Get('google/callback')
  @UseGuards(GoogleCallbackGuard)
  @Header('Cache-Control', 'no-store')
  @AuthDocs.completeGoogleSignIn()
  async completeGoogleSignIn(@Req() request: Request, @Res() response: Response): Promise<void> {
    this.cookies.clearOAuthState(response); // spent, whatever the outcome: one attempt per state
    const result = (request.user ?? null) as GoogleCallbackResult | null;
    response.redirect(
      302,
      this.config.auth.publicUrl + (await this.finishGoogleSignIn(result, response)),
    );
  }

  /** Where the browser goes after the provider's callback, relative to PUBLIC_URL. */
  private async finishGoogleSignIn(
    result: GoogleCallbackResult | null,
    response: Response,
  ): Promise<string> {
    if (!result) return '/login?reason=sign-in-failed';
    try {
      const session =
        result.intent === 'signup'
          ? await this.signUp.execute(result.idToken, result.invite)
          : await this.signIn.execute(result.idToken);
      this.cookies.setRefreshTokenOf(response, session);
      return `/creator/dashboard?signedIn=${result.intent}`;
    } catch (error) {
      if (error instanceof UserAlreadyExistsError) return '/login?reason=already-registered';
      // A refused invite, or none in invite mode: back to the register page, which explains.
      const inviteReason = inviteRefusalReason(error);
      if (inviteReason) return `/register?reason=${inviteReason}`;
      if (error instanceof AccountNotFoundError) return '/register?reason=no-account';
      if (error instanceof InvalidCredentialError) return '/login?reason=sign-in-failed';
      throw error;
    }
  }
}
