import {
  applyDecorators,
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import { ErrorCode } from '../../common/presentation/error-code.js';
import type { Role } from '../../users/index.js';
import {
  type AuthorizedAccount,
  type AuthorizedBrand,
  type AuthorizedUser,
  AuthorizeRoles,
} from '../application/authorize-roles.use-case.js';
import type { AccessTokenClaims } from '../application/ports/access-tokens.js';
import { RoleRequiredError, SessionExpiredError } from '../domain/auth.errors.js';
import { errorResponse } from '../../common/presentation/openapi-errors.js';
import { BearerAuthGuard } from './bearer-auth.guard.js';

const ROLES_KEY = 'paylock:roles';
const UNAUTHORIZED_MESSAGE = 'Please sign in: a valid access token is required.';
const FORBIDDEN_MESSAGE = RoleRequiredError.MESSAGE;

interface AuthorizedRequest extends Request {
  accessTokenClaims?: AccessTokenClaims;
  authorizedAccount?: AuthorizedAccount;
}

/**
 * Runs after BearerAuthGuard: the account behind the access token must hold one of the roles
 * named by @Roles(). The account and its roles are read anew on every request (AuthorizeRoles).
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authorize: AuthorizeRoles,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const required = this.reflector.getAllAndOverride<readonly Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!required || required.length === 0) {
      throw new Error('RolesGuard used without @Roles(...)');
    }
    const request = context.switchToHttp().getRequest<AuthorizedRequest>();
    const claims = request.accessTokenClaims;
    if (!claims) throw new Error('RolesGuard used without BearerAuthGuard');
    try {
      request.authorizedAccount = await this.authorize.execute(claims.userId, required);
      return true;
    } catch (error) {
      if (error instanceof SessionExpiredError) {
        throw new ApiHttpException(401, ErrorCode.UNAUTHORIZED, UNAUTHORIZED_MESSAGE);
      }
      if (error instanceof RoleRequiredError) {
        throw new ApiHttpException(403, ErrorCode.FORBIDDEN, error.message);
      }
      throw error;
    }
  }
}

/**
 * Bearer authentication plus a role check on every request, documented in the contract (bearer
 * security, 401 and 403 answers). On a controller, it covers each of its operations.
 */
export const Roles = (...roles: [Role, ...Role[]]): ClassDecorator & MethodDecorator =>
  applyDecorators(
    SetMetadata(ROLES_KEY, roles),
    UseGuards(BearerAuthGuard, RolesGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse(errorResponse(401, ErrorCode.UNAUTHORIZED, UNAUTHORIZED_MESSAGE)),
    ApiForbiddenResponse(
      errorResponse(
        403,
        ErrorCode.FORBIDDEN,
        `${FORBIDDEN_MESSAGE} (the account lacks the role: ${roles.join(' or ')})`,
      ),
    ),
  );

function authorizedAccountOf(context: ExecutionContext): AuthorizedAccount {
  const authorized = context.switchToHttp().getRequest<AuthorizedRequest>().authorizedAccount;
  if (!authorized) throw new Error('used without @Roles()');
  return authorized;
}

/**
 * The creator account that passed @Roles() (creator or admin roles): its id, e-mail and roles at
 * this request. A brand never holds those roles, so it never gets this far.
 */
export const AuthorizedUserOf = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthorizedUser => {
    const { account, roles } = authorizedAccountOf(context);
    if (account.accountType === 'brand') throw new Error('AuthorizedUserOf on a brand route');
    return { user: account, roles };
  },
);

/** The brand account that passed @Roles('brand'). */
export const AuthorizedBrandOf = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthorizedBrand => {
    const { account } = authorizedAccountOf(context);
    if (account.accountType !== 'brand') throw new Error('AuthorizedBrandOf on a creator route');
    return { brand: account };
  },
);

/** Whichever account passed @Roles() (a creator's or a brand's), with its roles. */
export const AuthorizedAccountOf = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthorizedAccount => authorizedAccountOf(context),
);
