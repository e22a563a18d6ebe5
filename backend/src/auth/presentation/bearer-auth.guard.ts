import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request } from 'express';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import { ErrorCode } from '../../common/presentation/error-code.js';
import { AuthenticateAccessToken } from '../application/authenticate-access-token.use-case.js';
import type { AccessTokenClaims } from '../application/ports/access-tokens.js';
import { SessionExpiredError } from '../domain/auth.errors.js';

interface AuthenticatedRequest extends Request {
  accessTokenClaims?: AccessTokenClaims;
}

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/i;

/** Requires `Authorization: Bearer <access token>` of an active session (401 otherwise). */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(private readonly authenticate: AuthenticateAccessToken) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = BEARER.exec(request.get('Authorization') ?? '')?.[1];
    if (!token) throw unauthorized();
    try {
      request.accessTokenClaims = await this.authenticate.execute(token);
      return true;
    } catch (error) {
      throw error instanceof SessionExpiredError ? unauthorized() : error;
    }
  }
}

export const UNAUTHORIZED_MESSAGE = 'Please sign in: a valid access token is required.';

function unauthorized(): ApiHttpException {
  return new ApiHttpException(401, ErrorCode.UNAUTHORIZED, UNAUTHORIZED_MESSAGE);
}

/** The verified claims of the request's access token; use on handlers behind BearerAuthGuard. */
export const AccessTokenClaimsOf = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AccessTokenClaims => {
    const claims = context.switchToHttp().getRequest<AuthenticatedRequest>().accessTokenClaims;
    if (!claims) throw new Error('AccessTokenClaimsOf used without BearerAuthGuard');
    return claims;
  },
);
