import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { errorResponse } from '../../common/presentation/openapi-errors.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import type { AccessTokenClaims } from '../application/ports/access-tokens.js';
import { AccessTokenClaimsOf } from './bearer-auth.guard.js';
import { StartGoogleReauthGuard, TICKET_MESSAGE } from './google-reauth.guard.js';
import { ReauthenticationTickets } from './reauthentication-tickets.js';
import { Roles } from './roles.guard.js';

export const REAUTH_START_PATH = '/api/v1/auth/reauthentication/google';

export class GoogleReauthenticationStartDto {
  @ApiProperty({
    description:
      'Where to send the browser (a popup or the page itself) for the Google round trip; the ' +
      'ticket in it works for two minutes, for this session only',
    example: `${REAUTH_START_PATH}?ticket=eyJhbGciOiJIUzI1NiJ9.e30.sig`,
  })
  location!: string;
}

/**
 * A creator proves who they are again before a change that moves money or identity (#41):
 * the app asks for a ticket, then navigates to Google with `prompt=login` and `max_age=0`; the
 * callback (/auth/google/callback) marks the session as recently authenticated and sends the
 * browser to /account/reauthenticated?result=ok (or ?result=failed&reason=<code>).
 */
@ApiTags('auth')
@Controller('auth/reauthentication')
@RateLimited('auth')
export class ReauthenticationController {
  constructor(private readonly tickets: ReauthenticationTickets) {}

  @Post('google')
  @HttpCode(200)
  @Roles('creator')
  @FromAppOriginOnly()
  @NoStore()
  @ApiOperation({ summary: 'Start a Google re-authentication of this session (creators)' })
  @ApiOkResponse({ type: GoogleReauthenticationStartDto })
  async startGoogleReauthentication(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
  ): Promise<GoogleReauthenticationStartDto> {
    const ticket = await this.tickets.issue(claims);
    return Object.assign(new GoogleReauthenticationStartDto(), {
      location: `${REAUTH_START_PATH}?ticket=${encodeURIComponent(ticket)}`,
    });
  }

  @Get('google')
  @PublicOperation()
  @UseGuards(StartGoogleReauthGuard)
  @ApiOperation({
    summary: 'Google re-authentication (browser navigation)',
    description:
      'Redirects to the identity provider with prompt=login and max_age=0, state and PKCE. The ' +
      'callback checks that the same Google account signed in during this round trip (auth_time).',
  })
  // A compact JWS: three base64url parts. The bound also keeps any query within the server's
  // header limit (a longer one would be refused before the guard, with 431).
  @ApiQuery({
    name: 'ticket',
    required: true,
    schema: {
      type: 'string',
      maxLength: 1000,
      pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
    },
  })
  @ApiFoundResponse({ description: 'Redirect to the identity provider' })
  @ApiBadRequestResponse(
    errorResponse(400, ErrorCode.VALIDATION_FAILED, ErrorMessage.VALIDATION_FAILED, {
      ticket: TICKET_MESSAGE,
    }),
  )
  googleReauthentication(): void {
    // The guard has already answered with the redirect.
  }
}
