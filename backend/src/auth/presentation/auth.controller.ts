import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DomainError } from '../../common/domain/domain.error.js';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import { type AppConfig, isGoogleEndpoint } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { RateLimited } from '../../rate-limit/rate-limit.decorator.js';
import { UserAlreadyExistsError } from '../../users/index.js';
import { GetCurrentUser } from '../application/get-current-user.use-case.js';
import type { AccessTokenClaims } from '../application/ports/access-tokens.js';
import { RefreshSession } from '../application/refresh-session.use-case.js';
import type { IssuedSession } from '../application/session-issuer.js';
import { SignInWithGoogle } from '../application/sign-in-with-google.use-case.js';
import { SignOut } from '../application/sign-out.use-case.js';
import { SignUpWithGoogle } from '../application/sign-up-with-google.use-case.js';
import {
  AccountNotFoundError,
  InvalidCredentialError,
  SessionExpiredError,
} from '../domain/auth.errors.js';
import { AuthCookies } from './auth-cookies.js';
import {
  errorResponse,
  errorResponses,
  MALFORMED_JSON,
  PAYLOAD_TOO_LARGE_RESPONSE,
  REFRESH_COOKIE_DESCRIPTION,
  SET_REFRESH_COOKIE,
} from './auth.openapi.js';
import { AccessTokenClaimsOf, BearerAuthGuard } from './bearer-auth.guard.js';
import {
  AppOriginGuard,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  CSRF_REJECTED,
  CsrfGuard,
  FOREIGN_ORIGIN_MESSAGE,
} from './csrf.guard.js';
import {
  AuthSessionResponseDto,
  AuthUserDto,
  IdentityProviderResponseDto,
  LogoutResponseDto,
} from './dto/auth-responses.dto.js';
import { CredentialRequestDto } from './dto/credential.request.dto.js';
import {
  type GoogleCallbackResult,
  GoogleCallbackGuard,
  StartGoogleSignInGuard,
} from './google-oauth.guards.js';
import { SIGN_IN_INTENTS } from './oauth-state.store.js';

export const REFRESH_COOKIE_SECURITY = 'refreshCookie';
const NO_STORE = ['Cache-Control', 'no-store'] as const;

/** Domain errors of sign-in and sessions → their HTTP status; anything else is unexpected. */
function toHttpError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const status =
    error instanceof UserAlreadyExistsError
      ? 400
      : error instanceof AccountNotFoundError
        ? 404
        : error instanceof InvalidCredentialError || error instanceof SessionExpiredError
          ? 401
          : undefined;
  return status ? new ApiHttpException(status, error.code, error.message) : error;
}

const FOREIGN_ORIGIN_RESPONSE = errorResponse(403, CSRF_REJECTED, FOREIGN_ORIGIN_MESSAGE);
const CREDENTIAL_MISSING = {
  code: ErrorCode.VALIDATION_FAILED,
  message: ErrorMessage.VALIDATION_FAILED,
  errors: { credential: 'credential is required' },
};

const CSRF_HEADER_DOC = {
  name: CSRF_HEADER,
  required: true,
  description: `Must be "${CSRF_HEADER_VALUE}" (CSRF defence for cookie-authenticated requests)`,
  schema: { type: 'string', enum: [CSRF_HEADER_VALUE] },
};

@ApiTags('auth')
@Controller('auth')
@RateLimited('auth')
@ApiTooManyRequestsResponse(
  errorResponse(429, 'RATE_LIMITED', 'Too many requests. Please wait a minute and try again.'),
)
@ApiServiceUnavailableResponse(
  errorResponse(
    503,
    'DATABASE_UNAVAILABLE',
    'The service is temporarily unavailable. Please try again shortly.',
  ),
)
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookies: AuthCookies,
    private readonly signUp: SignUpWithGoogle,
    private readonly signIn: SignInWithGoogle,
    private readonly refresh: RefreshSession,
    private readonly signOut: SignOut,
    private readonly currentUser: GetCurrentUser,
  ) {}

  @Get('google')
  @UseGuards(StartGoogleSignInGuard)
  @ApiOperation({
    summary: 'Start Google sign-in (browser navigation)',
    description:
      'Redirects to the identity provider with state and PKCE, bound to this browser by a ' +
      'short-lived signed httpOnly cookie. The provider sends the browser back to ' +
      '/api/v1/auth/google/callback.',
  })
  @ApiQuery({ name: 'intent', enum: SIGN_IN_INTENTS, required: true })
  @ApiFoundResponse({ description: 'Redirect to the identity provider' })
  @ApiBadRequestResponse(
    errorResponse(400, 'VALIDATION_FAILED', 'Validation failed', {
      intent: 'intent must be one of signup, login',
    }),
  )
  startGoogleSignIn(): void {
    // The guard has already answered with the redirect.
  }

  @Get('google/callback')
  @UseGuards(GoogleCallbackGuard)
  @Header(...NO_STORE)
  @ApiOperation({
    summary: 'Complete Google sign-in (the provider redirects here)',
    description:
      'Redirects to /creator/dashboard?signedIn=signup|login with the refresh cookie set, or to ' +
      '/login?reason=already-registered, /register?reason=no-account or ' +
      '/login?reason=sign-in-failed.',
  })
  // Listed in reverse: decorators apply from the bottom up.
  @ApiQuery({
    name: 'error',
    type: String,
    required: false,
    description: 'The OAuth error, e.g. access_denied when the person declined',
  })
  @ApiQuery({
    name: 'state',
    type: String,
    required: false,
    description: 'Must match the sign-in state cookie this browser got from /api/v1/auth/google',
  })
  @ApiQuery({
    name: 'code',
    type: String,
    required: false,
    description: "The provider's authorization code (with state, when the person signed in)",
  })
  @ApiFoundResponse({ description: 'Redirect back to the app', headers: SET_REFRESH_COOKIE })
  async completeGoogleSignIn(@Req() request: Request, @Res() response: Response): Promise<void> {
    this.cookies.clearOAuthState(response); // spent, whatever the outcome: one attempt per state
    const result = (request.user ?? null) as GoogleCallbackResult | null;
    response.redirect(
      302,
      this.config.auth.publicUrl + (await this.finishGoogleSignIn(result, response)),
    );
  }

  @Post('register')
  @UseGuards(AppOriginGuard)
  @Header(...NO_STORE)
  @ApiOperation({ summary: 'Sign up with a Google ID token' })
  @ApiCreatedResponse({
    type: AuthSessionResponseDto,
    description: 'Account created and signed in',
    headers: SET_REFRESH_COOKIE,
  })
  @ApiBadRequestResponse(
    errorResponses(400, [
      {
        code: 'ALREADY_REGISTERED',
        message: 'This Google account is already registered. Please sign in.',
      },
      CREDENTIAL_MISSING,
      MALFORMED_JSON,
    ]),
  )
  @ApiUnauthorizedResponse(
    errorResponse(
      401,
      'INVALID_CREDENTIAL',
      'The Google sign-in could not be verified. Please try again.',
    ),
  )
  @ApiForbiddenResponse(FOREIGN_ORIGIN_RESPONSE)
  @ApiPayloadTooLargeResponse(PAYLOAD_TOO_LARGE_RESPONSE)
  async register(
    @Body() body: CredentialRequestDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthSessionResponseDto> {
    const session = await this.signUp.execute(body.credential).catch((error: unknown) => {
      throw toHttpError(error);
    });
    return this.answer(session, response, 'Registration successful');
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(AppOriginGuard)
  @Header(...NO_STORE)
  @ApiOperation({ summary: 'Sign in with a Google ID token' })
  @ApiOkResponse({
    type: AuthSessionResponseDto,
    description: 'Signed in',
    headers: SET_REFRESH_COOKIE,
  })
  @ApiBadRequestResponse(errorResponses(400, [CREDENTIAL_MISSING, MALFORMED_JSON]))
  @ApiUnauthorizedResponse(
    errorResponse(
      401,
      'INVALID_CREDENTIAL',
      'The Google sign-in could not be verified. Please try again.',
    ),
  )
  @ApiNotFoundResponse(
    errorResponse(
      404,
      'ACCOUNT_NOT_FOUND',
      'No Paylock account exists for this Google account yet. Please sign up first.',
    ),
  )
  @ApiForbiddenResponse(FOREIGN_ORIGIN_RESPONSE)
  @ApiPayloadTooLargeResponse(PAYLOAD_TOO_LARGE_RESPONSE)
  async login(
    @Body() body: CredentialRequestDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthSessionResponseDto> {
    const session = await this.signIn.execute(body.credential).catch((error: unknown) => {
      throw toHttpError(error);
    });
    return this.answer(session, response, 'Login successful');
  }

  @Post('refresh-token')
  @HttpCode(200)
  @UseGuards(CsrfGuard)
  @Header(...NO_STORE)
  @ApiCookieAuth(REFRESH_COOKIE_SECURITY)
  @ApiHeader(CSRF_HEADER_DOC)
  @ApiOperation({
    summary: 'Renew the access token with the refresh cookie (rotates the cookie)',
    description: REFRESH_COOKIE_DESCRIPTION,
  })
  @ApiOkResponse({
    type: AuthSessionResponseDto,
    description: 'A new access token (and a rotated refresh cookie)',
    headers: SET_REFRESH_COOKIE,
  })
  @ApiUnauthorizedResponse(
    errorResponse(401, 'SESSION_EXPIRED', 'Your session has ended. Please sign in again.'),
  )
  @ApiForbiddenResponse(FOREIGN_ORIGIN_RESPONSE)
  async refreshToken(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthSessionResponseDto> {
    try {
      const token = this.cookies.readRefreshToken(request);
      if (!token) throw new SessionExpiredError();
      return this.answer(await this.refresh.execute(token), response, 'Session refreshed');
    } catch (error) {
      if (error instanceof SessionExpiredError) this.cookies.clearRefreshToken(response);
      throw toHttpError(error);
    }
  }

  @Post('logout')
  @HttpCode(200)
  @UseGuards(CsrfGuard, BearerAuthGuard)
  @ApiBearerAuth()
  @ApiHeader(CSRF_HEADER_DOC)
  @ApiOperation({ summary: 'Sign out: ends the session and clears the refresh cookie' })
  @ApiOkResponse({ type: LogoutResponseDto, description: 'Signed out' })
  @ApiUnauthorizedResponse(
    errorResponse(401, 'UNAUTHORIZED', 'Please sign in: a valid access token is required.'),
  )
  @ApiForbiddenResponse(FOREIGN_ORIGIN_RESPONSE)
  async logout(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LogoutResponseDto> {
    await this.signOut.execute(claims.sessionId);
    this.cookies.clearRefreshToken(response);
    return LogoutResponseDto.of('Logout Successfull');
  }

  @Get('me')
  @UseGuards(BearerAuthGuard)
  @Header(...NO_STORE)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: AuthUserDto, description: 'The user of the access token' })
  @ApiUnauthorizedResponse(
    errorResponse(401, 'UNAUTHORIZED', 'Please sign in: a valid access token is required.'),
  )
  async getCurrentUser(@AccessTokenClaimsOf() claims: AccessTokenClaims): Promise<AuthUserDto> {
    const user = await this.currentUser.execute(claims.userId).catch((error: unknown) => {
      throw toHttpError(error);
    });
    return AuthUserDto.fromDomain(user);
  }

  @Get('identity-provider')
  @ApiOperation({ summary: 'Which identity provider sign-in uses' })
  @ApiOkResponse({ type: IdentityProviderResponseDto, description: 'google or local' })
  getIdentityProvider(): IdentityProviderResponseDto {
    const { authorizationUrl } = this.config.auth.oidc;
    return IdentityProviderResponseDto.of(isGoogleEndpoint(authorizationUrl) ? 'google' : 'local');
  }

  /** Where the browser goes after the provider's callback, relative to PUBLIC_URL. */
  private async finishGoogleSignIn(
    result: GoogleCallbackResult | null,
    response: Response,
  ): Promise<string> {
    if (!result) return '/login?reason=sign-in-failed';
    try {
      const useCase = result.intent === 'signup' ? this.signUp : this.signIn;
      this.setRefreshCookie(await useCase.execute(result.idToken), response);
      return `/creator/dashboard?signedIn=${result.intent}`;
    } catch (error) {
      if (error instanceof UserAlreadyExistsError) return '/login?reason=already-registered';
      if (error instanceof AccountNotFoundError) return '/register?reason=no-account';
      if (error instanceof InvalidCredentialError) return '/login?reason=sign-in-failed';
      throw error;
    }
  }

  private answer(
    session: IssuedSession,
    response: Response,
    message: string,
  ): AuthSessionResponseDto {
    this.setRefreshCookie(session, response);
    return AuthSessionResponseDto.of(session.accessToken, session.user, message);
  }

  private setRefreshCookie(session: IssuedSession, response: Response): void {
    if (session.refreshToken) {
      this.cookies.setRefreshToken(
        response,
        session.refreshToken.value,
        session.refreshToken.expiresAt,
      );
    }
  }
}
