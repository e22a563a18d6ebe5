import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiParam,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { FOREIGN_ORIGIN_RESPONSE } from '../../common/presentation/app-origin.guard.js';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  DATABASE_UNAVAILABLE,
  type DocumentedError,
  errorResponse,
  errorResponses,
  MALFORMED_JSON,
  PAYLOAD_TOO_LARGE_RESPONSE,
} from '../../common/presentation/openapi-errors.js';
import { MAX_INVITE_INPUT_LENGTH } from '../../invites/index.js';
import { REFRESH_COOKIE_NAME } from './auth-cookies.js';
import { UNAUTHORIZED_MESSAGE } from './bearer-auth.guard.js';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from './csrf.guard.js';
import {
  AuthSessionResponseDto,
  AuthUserDto,
  IdentityProviderResponseDto,
  LogoutResponseDto,
} from './dto/auth-responses.dto.js';
import {
  AccountSessionsResponseDto,
  SessionsRevokedResponseDto,
} from './dto/account-session.dto.js';
import { SIGN_IN_INTENTS } from './oauth-state.store.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';

/** The security scheme of the refresh cookie (declared in openapi-document.ts). */
export const REFRESH_COOKIE_SECURITY = 'refreshCookie';

export const REFRESH_COOKIE_DESCRIPTION =
  `The refresh token travels only in the httpOnly cookie \`${REFRESH_COOKIE_NAME}\` ` +
  `(\`__Host-${REFRESH_COOKIE_NAME}\`, Secure, in production; SameSite=Strict; Path=/). ` +
  'Each refresh rotates it; a rotated token presented again ends the session (reuse ' +
  'detection), except within a few seconds of its rotation (two tabs refreshing at once), ' +
  'which answers a new access token and leaves the cookie as it is. Requests from an Origin ' +
  'other than the app, or without the X-Requested-With header, are refused (403).';

export const SET_REFRESH_COOKIE = {
  'Set-Cookie': {
    description: `The refresh token: \`${REFRESH_COOKIE_NAME}=<token>; HttpOnly; SameSite=Strict; Path=/\` (in production \`__Host-${REFRESH_COOKIE_NAME}\`, Secure)`,
    schema: { type: 'string' },
  },
} as const;

const CREDENTIAL_MISSING: DocumentedError = {
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

const UNAUTHORIZED_RESPONSE = errorResponse(401, ErrorCode.UNAUTHORIZED, UNAUTHORIZED_MESSAGE);

/**
 * The OpenAPI documentation of the auth endpoints, one bundle per handler (and one for both
 * auth controllers), so the controllers keep to routing, guards and use cases.
 */
export const AuthDocs = {
  /** Every auth endpoint may meet a database outage (its 429 comes with @RateLimited). */
  controller: () =>
    applyDecorators(
      ApiTags('auth'),
      ApiServiceUnavailableResponse(errorResponses(503, [DATABASE_UNAVAILABLE])),
    ),

  /**
   * The Google redirect pair is rate limited too, but answers a rate limit or an outage with a
   * redirect into the app (GoogleSignInErrorFilter), documented on each operation.
   */
  googleController: () => ApiTags('auth'),

  startGoogleSignIn: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: 'Start Google sign-in (browser navigation)',
        description:
          'Redirects to the identity provider with state and PKCE, bound to this browser by a ' +
          'short-lived signed httpOnly cookie. The provider sends the browser back to ' +
          '/api/v1/auth/google/callback. Over the rate limit, or while the database is down, ' +
          'redirects to /login (intent login) or /register (intent signup) with ' +
          '?reason=RATE_LIMITED or ?reason=DATABASE_UNAVAILABLE (the error code) instead.',
      }),
      ApiQuery({ name: 'intent', enum: SIGN_IN_INTENTS, required: true }),
      ApiQuery({
        name: 'invite',
        required: false,
        schema: { type: 'string', maxLength: MAX_INVITE_INPUT_LENGTH },
        description:
          "A sign-up's invite code (from /register?invite=…), carried in the sign-in state and " +
          'redeemed when the account is created (ignored for intent login)',
      }),
      ApiFoundResponse({
        description:
          'Redirect to the identity provider (or back to the app when sign-in cannot start now)',
      }),
      ApiBadRequestResponse(
        errorResponse(400, ErrorCode.VALIDATION_FAILED, ErrorMessage.VALIDATION_FAILED, {
          intent: 'intent must be one of signup, login',
        }),
      ),
    ),

  completeGoogleSignIn: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: 'Complete Google sign-in (the provider redirects here)',
        description:
          'Redirects to /creator/dashboard?signedIn=signup|login with the refresh cookie set, or, ' +
          'refused, to a page with ?reason=<the error code>: /login?reason=ALREADY_REGISTERED, ' +
          '/register?reason=ACCOUNT_NOT_FOUND or /login?reason=INVALID_CREDENTIAL. A refused ' +
          'invite, or a sign-up without one under SIGNUP_MODE=invite, redirects to ' +
          '/register?reason=INVITE_INVALID|INVITE_EXPIRED|INVITE_REVOKED|INVITE_USED|' +
          'INVITE_REQUIRED and creates no account. Over the rate limit, or while the database ' +
          'is down, to the page the sign-in started from (/register for a sign-up, else /login) ' +
          'with ?reason=RATE_LIMITED or ?reason=DATABASE_UNAVAILABLE.',
      }),
      ApiQuery({
        name: 'code',
        type: String,
        required: false,
        description: "The provider's authorization code (with state, when the person signed in)",
      }),
      ApiQuery({
        name: 'state',
        type: String,
        required: false,
        description:
          'Must match the sign-in state cookie this browser got from /api/v1/auth/google',
      }),
      ApiQuery({
        name: 'error',
        type: String,
        required: false,
        description: 'The OAuth error, e.g. access_denied when the person declined',
      }),
      ApiFoundResponse({ description: 'Redirect back to the app', headers: SET_REFRESH_COOKIE }),
    ),

  register: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: 'Sign up with a Google ID token',
        description:
          'With `invite`, the invite is redeemed exactly once (one account per invite, however ' +
          'many sign-ups race for it). Under SIGNUP_MODE=invite a sign-up without an invite is ' +
          'refused (403 INVITE_REQUIRED), except for ADMIN_EMAILS addresses.',
      }),
      ApiCreatedResponse({
        type: AuthSessionResponseDto,
        description: 'Account created and signed in',
        headers: SET_REFRESH_COOKIE,
      }),
      ApiBadRequestResponse(errorResponses(400, [CREDENTIAL_MISSING, MALFORMED_JSON])),
      ApiPayloadTooLargeResponse(PAYLOAD_TOO_LARGE_RESPONSE),
    ),

  login: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({ summary: 'Sign in with a Google ID token' }),
      ApiOkResponse({
        type: AuthSessionResponseDto,
        description: 'Signed in',
        headers: SET_REFRESH_COOKIE,
      }),
      ApiBadRequestResponse(errorResponses(400, [CREDENTIAL_MISSING, MALFORMED_JSON])),
      ApiPayloadTooLargeResponse(PAYLOAD_TOO_LARGE_RESPONSE),
    ),

  refreshToken: () =>
    applyDecorators(
      ApiCookieAuth(REFRESH_COOKIE_SECURITY),
      ApiHeader(CSRF_HEADER_DOC),
      ApiOperation({
        summary: 'Renew the access token with the refresh cookie (rotates the cookie)',
        description: REFRESH_COOKIE_DESCRIPTION,
      }),
      ApiOkResponse({
        type: AuthSessionResponseDto,
        description: 'A new access token (and a rotated refresh cookie)',
        headers: SET_REFRESH_COOKIE,
      }),
      ApiForbiddenResponse(FOREIGN_ORIGIN_RESPONSE),
    ),

  logout: () =>
    applyDecorators(
      ApiBearerAuth(),
      ApiHeader(CSRF_HEADER_DOC),
      ApiOperation({ summary: 'Sign out: ends the session and clears the refresh cookie' }),
      ApiOkResponse({ type: LogoutResponseDto, description: 'Signed out' }),
      ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE),
      ApiForbiddenResponse(FOREIGN_ORIGIN_RESPONSE),
    ),

  getCurrentUser: () =>
    applyDecorators(
      ApiBearerAuth(),
      ApiOperation({ summary: 'The signed-in user' }),
      ApiOkResponse({ type: AuthUserDto, description: 'The user of the access token' }),
      ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE),
    ),

  changeDisplayName: () =>
    applyDecorators(
      ApiOperation({
        summary: "Change the creator's display name (Settings → Profile)",
        description:
          'Creators only (a brand names its contact on its company profile: 403). The name stays ' +
          'over the Google name at later sign-ins.',
      }),
      ApiOkResponse({ type: AuthUserDto, description: 'The user, renamed' }),
      ApiBadRequestResponse(
        errorResponses(400, [
          {
            code: ErrorCode.VALIDATION_FAILED,
            message: ErrorMessage.VALIDATION_FAILED,
            errors: { displayName: 'displayName is required' },
          },
          MALFORMED_JSON,
        ]),
      ),
      ApiForbiddenResponse(FOREIGN_ORIGIN_RESPONSE),
    ),

  getIdentityProvider: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({ summary: 'Which identity provider sign-in uses' }),
      ApiOkResponse({ type: IdentityProviderResponseDto, description: 'google or local' }),
    ),

  listSessions: () =>
    applyDecorators(
      ApiBearerAuth(),
      ApiOperation({
        summary: 'Where the account is signed in: its active sessions',
        description:
          'Browser and operating system come from the User-Agent last seen (sign-in or refresh); ' +
          'no location is derived. The session of the access token is marked `current`.',
      }),
      ApiOkResponse({ type: AccountSessionsResponseDto, description: 'The active sessions' }),
      ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE),
    ),

  revokeSession: () =>
    applyDecorators(
      ApiBearerAuth(),
      ApiHeader(CSRF_HEADER_DOC),
      ApiParam({ name: 'id', description: 'A session id from GET /auth/sessions' }),
      ApiOperation({
        summary: 'Sign one session out (a lost phone)',
        description:
          'Its access tokens fail on their next call and its refresh cookie at its next refresh, ' +
          'on every API instance. Any id that is not an active session of this account is 404.',
      }),
      ApiNoContentResponse({ description: 'The session has ended' }),
      ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE),
      ApiForbiddenResponse(FOREIGN_ORIGIN_RESPONSE),
    ),

  revokeOtherSessions: () =>
    applyDecorators(
      ApiBearerAuth(),
      ApiHeader(CSRF_HEADER_DOC),
      ApiOperation({ summary: 'Sign out everywhere else: ends every session but this one' }),
      ApiOkResponse({ type: SessionsRevokedResponseDto, description: 'How many were ended' }),
      ApiUnauthorizedResponse(UNAUTHORIZED_RESPONSE),
      ApiForbiddenResponse(FOREIGN_ORIGIN_RESPONSE),
    ),
};
