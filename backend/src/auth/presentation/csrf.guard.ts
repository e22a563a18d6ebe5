import { type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import { AppOriginGuard, CSRF_REJECTED } from '../../common/presentation/app-origin.guard.js';

export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'paylock';
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
