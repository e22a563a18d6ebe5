import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { RateLimited } from '../../rate-limit/index.js';
import {
  ListAccountSessions,
  RevokeAccountSession,
  SignOutOtherSessions,
} from '../application/account-sessions.use-case.js';
import type { AccessTokenClaims } from '../application/ports/access-tokens.js';
import { SessionNotFoundError } from '../domain/auth.errors.js';
import { AUTH_ERROR_STATUSES } from './auth.error-statuses.js';
import { AuthDocs } from './auth.openapi.js';
import { AccessTokenClaimsOf, BearerAuthGuard } from './bearer-auth.guard.js';
import { CsrfGuard } from './csrf.guard.js';
import {
  AccountSessionsResponseDto,
  SessionsRevokedResponseDto,
} from './dto/account-session.dto.js';

/** The account's sessions, creators' and brands' alike: list, revoke one, revoke the others. */
@Controller('auth/sessions')
@RateLimited('auth')
@UseGuards(BearerAuthGuard)
@UseFilters(new DomainErrorFilter(AUTH_ERROR_STATUSES))
@AuthDocs.controller()
export class SessionsController {
  constructor(
    private readonly list: ListAccountSessions,
    private readonly revoke: RevokeAccountSession,
    private readonly revokeOthers: SignOutOtherSessions,
  ) {}

  @Get()
  @NoStore()
  @AuthDocs.listSessions()
  async listSessions(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
  ): Promise<AccountSessionsResponseDto> {
    return AccountSessionsResponseDto.of(await this.list.execute(claims.userId, claims.sessionId));
  }

  @Post('revoke-others')
  @HttpCode(200)
  @UseGuards(CsrfGuard)
  @AuthDocs.revokeOtherSessions()
  async revokeOtherSessions(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
  ): Promise<SessionsRevokedResponseDto> {
    const revoked = await this.revokeOthers.execute(claims.userId, claims.sessionId);
    return SessionsRevokedResponseDto.of(revoked);
  }

  @Delete(':id')
  @HttpCode(204)
  @UseGuards(CsrfGuard)
  @AuthDocs.revokeSession()
  @Throws(AUTH_ERROR_STATUSES, SessionNotFoundError)
  async revokeSession(
    @AccessTokenClaimsOf() claims: AccessTokenClaims,
    @Param('id') id: string,
  ): Promise<void> {
    await this.revoke.execute(claims.userId, id);
  }
}
