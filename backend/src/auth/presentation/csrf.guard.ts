import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';

export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'paylock';
export const CSRF_REJECTED = 'CSRF_REJECTED';
export const FOREIGN_ORIGIN_MESSAGE = 'This request comes from an unknown origin.';

/**
 * Refuses requests a browser sends on behalf of another site: an Origin header, when present,
 * must be the app's (CORS_ORIGINS or PUBLIC_URL's origin). Browsers send Origin on every
 * cross-origin POST, form posts included; API clients outside a browser send none. On sign-up and
 * sign-in it stops login CSRF: a foreign page posting its own Google credential to sign the
 * visitor's browser into the attacker's account.
 */
@Injectable()
export class AppOriginGuard implements CanActivate {
  private readonly allowedOrigins: ReadonlySet<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.allowedOrigins = new Set([...config.corsOrigins, new URL(config.auth.publicUrl).origin]);
  }

  canActivate(context: ExecutionContext): boolean {
    const origin = context.switchToHttp().getRequest<Request>().headers.origin;
    if (origin !== undefined && !this.allowedOrigins.has(origin)) {
      throw new ApiHttpException(403, CSRF_REJECTED, FOREIGN_ORIGIN_MESSAGE);
    }
    return true;
  }
}

/**
 * For endpoints a cookie authenticates: the app's Origin (when sent) and a custom header. A
 * cross-site form cannot set a custom header, and a cross-origin script can only with a CORS
 * preflight our exact-origin CORS refuses.
 */
@Injectable()
export class CsrfGuard extends AppOriginGuard {
  override canActivate(context: ExecutionContext): boolean {
    super.canActivate(context);
    if (context.switchToHttp().getRequest<Request>().get(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
      throw new ApiHttpException(
        403,
        CSRF_REJECTED,
        `This request must carry the header ${CSRF_HEADER}: ${CSRF_HEADER_VALUE}.`,
      );
    }
    return true;
  }
}
