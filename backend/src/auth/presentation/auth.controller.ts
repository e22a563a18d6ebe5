import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Patch,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { FromAppOriginOnly } from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { SIGN_UP_INVITE_ERRORS } from '../../invites/index.js';
import { RateLimited } from '../../rate-limit/index.js';
import { UserAlreadyExistsError, UserRoles } from '../../users/index.js';
import { isGoogleEndpoint } from '../auth.settings.js';
import type { AuthorizedUser } from '../application/authorize-roles.use-case.js';
import { ChangeDisplayName } from '../application/change-display-name.use-case.js';
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
import { AUTH_ERROR_STATUSES } from './auth.error-statuses.js';
import { AuthDocs } from './auth.openapi.js';
import { AccessTokenClaimsOf, BearerAuthGuard } from './bearer-auth.guard.js';
import { CsrfGuard } from './csrf.guard.js';
import { deviceOf } from './session-device.js';
import {
  AuthSessionResponseDto,
  AuthUserDto,
  IdentityProviderResponseDto,
  LogoutResponseDto,
} from './dto/auth-responses.dto.js';
import { CredentialRequestDto, RegisterRequestDto } from './dto/credential.request.dto.js';
import { ChangeDisplayNameRequestDto } from './dto/profile.request.dto.js';
import { AuthorizedUserOf, Roles } from './roles.guard.js';

/** Sign-in with a Google ID token, sessions and the current user (JSON API). */
@Controller('auth')
@RateLimited('auth')
@UseFilters(new DomainErrorFilter(AUTH_ERROR_STATUSES))
@AuthDocs.controller()
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookies: AuthCookies,
    private readonly signUp: SignUpWithGoogle,
    private readonly signIn: SignInWithGoogle,
    private readonly refresh: RefreshSession,
    private readonly signOut: SignOut,
    private readonly currentUser: GetCurrentUser,
    private readonly changeDisplayName: ChangeDisplayName,
    private readonly userRoles: UserRoles,
  ) {}

  @Post('register')
  @FromAppOriginOnly()
  @NoStore()
  @AuthDocs.register()
  @Throws(
    AUTH_ERROR_STATUSES,
    UserAlreadyExistsError,
    InvalidCredentialError,
    ...SIGN_UP_INVITE_ERRORS,
  )
  async register(
    @Body() body: RegisterRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthSessionResponseDto> {
    const session = await this.signUp.execute(body.credential, body.invite, deviceOf(request));
    return this.answer(session, response, 'Registration successful');
  }

  @Post('login')
  @HttpCode(200)
  @FromAppOriginOnly()
  @NoStore()
  @AuthDocs.login()
  @Throws(AUTH_ERROR_STATUSES, InvalidCredentialError, AccountNotFoundError)
  async login(
    @Body() body: CredentialRequestDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthSessionResponseDto> {
    const session = await this.signIn.execute(body.credential, deviceOf(request));
    return this.answer(session, response, 'Login successful');
  }

  @Post('refresh-token')
  @HttpCode(200)
  @UseGuards(CsrfGuard)
  @NoStore()
  @AuthDocs.refreshToken()
  @Throws(AUTH_ERROR_STATUSES, SessionExpiredError)
  async refreshToken(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthSessionResponseDto> {
    try {
      const token = this.cookies.readRefreshToken(request);
      if (!token) throw new SessionExpiredError();
      const session = await this.refresh.execute(token, deviceOf(request));
      return await this.answer(session, response, 'Session refreshed');
    } catch (error) {
      // An ended session's cookie is useless: cleared with the 401 (answered by the filter).
      if (error instanceof SessionExpiredError) this.cookies.clearRefreshToken(response);
      throw error;
    }
  }

  @Post('logout')
  @HttpCode(200)
  @UseGuards(CsrfGuard, BearerAuthGuard)
  @AuthDocs.logout()
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
  @NoStore()
  @AuthDocs.getCurrentUser()
  async getCurrentUser(@AccessTokenClaimsOf() claims: AccessTokenClaims): Promise<AuthUserDto> {
    const user = await this.currentUser.execute(claims.userId);
    return AuthUserDto.fromDomain(user, await this.userRoles.ofAccount(user));
  }

  @Patch('me')
  @Roles('creator')
  @FromAppOriginOnly()
  @NoStore()
  @AuthDocs.changeDisplayName()
  async updateCurrentUser(
    @AuthorizedUserOf() { user }: AuthorizedUser,
    @Body() body: ChangeDisplayNameRequestDto,
  ): Promise<AuthUserDto> {
    const renamed = await this.changeDisplayName.execute(user.id, body.displayName);
    return AuthUserDto.fromDomain(renamed, await this.userRoles.ofAccount(renamed));
  }

  @Get('identity-provider')
  @AuthDocs.getIdentityProvider()
  getIdentityProvider(): IdentityProviderResponseDto {
    const { authorizationUrl } = this.config.auth.oidc;
    return IdentityProviderResponseDto.of(isGoogleEndpoint(authorizationUrl) ? 'google' : 'local');
  }

  private async answer(
    session: IssuedSession,
    response: Response,
    message: string,
  ): Promise<AuthSessionResponseDto> {
    this.cookies.setRefreshTokenOf(response, session);
    const { accessToken, user } = session;
    return AuthSessionResponseDto.of(
      accessToken,
      user,
      await this.userRoles.ofAccount(user),
      message,
    );
  }
}
