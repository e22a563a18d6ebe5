import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  ApiExceptionFilter,
  describeForLog,
} from '../../common/presentation/api-exception.filter.js';
import { toErrorBody } from '../../common/presentation/error-body.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { AuthCookies } from './auth-cookies.js';
import { CookieOAuthStateStore } from './oauth-state.store.js';

/** The `?reason=` the app's sign-in pages explain, for the answers a browser can retry later. */
export const CALLBACK_RETRY_REASONS: Readonly<Partial<Record<number, string>>> = {
  [HttpStatus.TOO_MANY_REQUESTS]: 'rate-limited',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'service-unavailable',
};

/**
 * Both ends of Google sign-in (GET /auth/google and the provider's callback) are browser
 * navigations, not API calls: a rate limit (429) or an outage (503, the database down) there
 * would leave the person on a raw JSON page. This sends the browser back to the page the sign-in
 * started from (/register for a sign-up, else /login) with `?reason=rate-limited` or
 * `?reason=service-unavailable`, which the page explains, and spends the sign-in state as the
 * callback always does. Every other error is answered as anywhere else in the API.
 */
@Catch()
@Injectable()
export class GoogleSignInErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger(GoogleSignInErrorFilter.name);
  private readonly apiErrors = new ApiExceptionFilter();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookies: AuthCookies,
    private readonly states: CookieOAuthStateStore,
  ) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const { statusCode } = toErrorBody(exception);
    const reason = CALLBACK_RETRY_REASONS[statusCode];
    if (!reason || response.headersSent) {
      this.apiErrors.catch(exception, host);
      return;
    }
    if (statusCode === 503) {
      this.logger.warn({ err: describeForLog(exception) }, 'Google sign-in unavailable');
    }
    const request = http.getRequest<Request>();
    // The callback's sign-in state names the intent; the start of the flow has it in its query.
    const intent = (await this.states.intentOf(request)) ?? request.query.intent;
    const page = intent === 'signup' ? '/register' : '/login';
    this.cookies.clearOAuthState(response);
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(302, `${this.config.auth.publicUrl}${page}?reason=${reason}`);
  }
}
