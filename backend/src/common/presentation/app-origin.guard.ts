import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { ApiHttpException } from './api-http.exception.js';
import { errorResponse } from './openapi-errors.js';

export const CSRF_REJECTED = 'CSRF_REJECTED';
export const FOREIGN_ORIGIN_MESSAGE = 'This request comes from an unknown origin.';

/**
 * Refuses requests a browser sends on behalf of another site: an Origin header, when present,
 * must be the app's (CORS_ORIGINS or PUBLIC_URL's origin). Browsers send Origin on every
 * cross-origin POST, form posts included; API clients outside a browser send none. On sign-up and
 * sign-in it stops login CSRF (a foreign page posting its own Google credential to sign the
 * visitor's browser into the attacker's account); on the waitlist, a foreign page joining its
 * visitors up with a "consent" nobody gave on Paylock's page.
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

export const FOREIGN_ORIGIN_RESPONSE = errorResponse(403, CSRF_REJECTED, FOREIGN_ORIGIN_MESSAGE);

/** Only the app's own pages (or clients outside a browser) may call this operation: 403 else. */
export function FromAppOriginOnly(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(AppOriginGuard), ApiForbiddenResponse(FOREIGN_ORIGIN_RESPONSE));
}
