import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';

export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'paylock';
export const CSRF_REJECTED = 'CSRF_REJECTED';

/**
 * For endpoints a cookie authenticates. A cross-site form cannot set a custom header, and a
 * cross-origin script can only with a CORS preflight our exact-origin CORS refuses; an Origin
 * header, when the browser sends one, must also be ours.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  private readonly allowedOrigins: ReadonlySet<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.allowedOrigins = new Set([...config.corsOrigins, new URL(config.auth.publicUrl).origin]);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const origin = request.headers.origin;
    if (origin !== undefined && !this.allowedOrigins.has(origin)) {
      throw new ApiHttpException(403, CSRF_REJECTED, 'This request comes from an unknown origin.');
    }
    if (request.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
      throw new ApiHttpException(
        403,
        CSRF_REJECTED,
        `This request must carry the header ${CSRF_HEADER}: ${CSRF_HEADER_VALUE}.`,
      );
    }
    return true;
  }
}
