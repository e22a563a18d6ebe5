import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import { ErrorCode } from '../../common/presentation/error-code.js';
import { AuthenticateAccessToken } from '../application/authenticate-access-token.use-case.js';
import type { AccessTokenClaims } from '../application/ports/access-tokens.js';
import { SessionExpiredError } from '../domain/auth.errors.js';

interface AuthenticatedRequest extends Request {
  accessTokenClaims?: AccessTokenClaims;
}

const BEARER_SCHEME = /^Bearer\s/i;
const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/i;

/** The challenge of a 401 (RFC 6750 §3): which scheme to use, and whether the token sent failed. */
export const BEARER_CHALLENGE = 'Bearer realm="paylock"';
export const INVALID_TOKEN_CHALLENGE = `${BEARER_CHALLENGE}, error="invalid_token"`;

/**
 * Requires `Authorization: Bearer <access token>` of an active session. Otherwise 401 with
 * `WWW-Authenticate: Bearer realm="paylock"`, plus `error="invalid_token"` when a bearer token was
 * sent and is malformed, expired or of an ended session (RFC 6750 §3.1).
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(private readonly authenticate: AuthenticateAccessToken) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const authorization = request.get('Authorization') ?? '';
    const refuse = (challenge: string) => {
      http.getResponse<Response>().setHeader('WWW-Authenticate', challenge);
      return unauthorized();
    };
    const token = BEARER.exec(authorization)?.[1];
    if (!token) {
      throw refuse(BEARER_SCHEME.test(authorization) ? INVALID_TOKEN_CHALLENGE : BEARER_CHALLENGE);
    }
    try {
      request.accessTokenClaims = await this.authenticate.execute(token);
      return true;
    } catch (error) {
      throw error instanceof SessionExpiredError ? refuse(INVALID_TOKEN_CHALLENGE) : error;
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
