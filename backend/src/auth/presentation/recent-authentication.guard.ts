import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import type { Request } from 'express';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import { ErrorAnswers } from '../../common/presentation/openapi-errors.js';
import type { AccessTokenClaims } from '../application/ports/access-tokens.js';
import { RequireRecentAuthentication } from '../application/recent-authentication.use-case.js';
import { ReauthenticationRequiredError } from '../domain/recent-authentication.js';

/**
 * Runs after the role check (@Roles on the controller or above this decorator): the session must
 * have signed in or re-authenticated within the last five minutes, else 403
 * REAUTHENTICATION_REQUIRED, which the app answers by asking for Google (creators) or a new SMS
 * code (brands) and then sending the request again.
 */
@Injectable()
export class RecentAuthenticationGuard implements CanActivate {
  constructor(private readonly requireRecent: RequireRecentAuthentication) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context
      .switchToHttp()
      .getRequest<Request & { accessTokenClaims?: AccessTokenClaims }>();
    const claims = request.accessTokenClaims;
    if (!claims) throw new Error('RecentAuthenticationGuard used without @Roles()');
    try {
      await this.requireRecent.execute(claims);
      return true;
    } catch (error) {
      if (error instanceof ReauthenticationRequiredError) {
        throw new ApiHttpException(403, error.code, error.message);
      }
      throw error;
    }
  }
}

/** The operation moves money or identity: it needs a fresh proof of identity (#41). */
export const RequiresRecentAuthentication = (): MethodDecorator =>
  applyDecorators(
    UseGuards(RecentAuthenticationGuard),
    ErrorAnswers(403, [
      { code: ReauthenticationRequiredError.CODE, message: ReauthenticationRequiredError.MESSAGE },
    ]),
  );
