import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  Inject,
  Injectable,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from '../../common/domain/domain.error.js';
import type { DomainErrorClass } from '../../common/presentation/domain-error-statuses.js';
import {
  ApiExceptionFilter,
  describeForLog,
} from '../../common/presentation/api-exception.filter.js';
import { toErrorBody } from '../../common/presentation/error-body.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { SIGN_UP_INVITE_ERRORS } from '../../invites/index.js';
import { UserAlreadyExistsError } from '../../users/index.js';
import { AccountNotFoundError, InvalidCredentialError } from '../domain/auth.errors.js';
import { AuthCookies } from './auth-cookies.js';
import { CookieOAuthStateStore } from './oauth-state.store.js';

/**
 * The redirect flow's status table: the app page that explains each refusal of a Google
 * sign-in, reached as `<page>?reason=<the error's code>` (the frontend keeps one text per code).
 */
export const SIGN_IN_REFUSAL_PAGES: ReadonlyArray<readonly [DomainErrorClass, string]> = [
  [UserAlreadyExistsError, '/login'],
  [InvalidCredentialError, '/login'],
  [AccountNotFoundError, '/register'],
  // A refused invite, or none in invite mode: back to the register page, which explains.
  ...SIGN_UP_INVITE_ERRORS.map((refusal) => [refusal, '/register'] as const),
];

/** The answers a browser can retry later: sent back to where the sign-in started. */
const RETRY_LATER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * Both ends of Google sign-in (GET /auth/google and the provider's callback) are browser
 * navigations, not API calls, so their errors are redirects into the app with
 * `?reason=<ERROR_CODE>`, never a raw JSON page:
 * - a refusal (a domain error of {@link SIGN_IN_REFUSAL_PAGES}) goes to the page explaining it;
 * - a rate limit (429 RATE_LIMITED) or an outage (503, e.g. DATABASE_UNAVAILABLE) goes back to the
 *   page the sign-in started from (/register for a sign-up, else /login), spending the sign-in
 *   state as the callback always does.
 * Every other error is answered as anywhere else in the API.
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
    if (response.headersSent) {
      this.apiErrors.catch(exception, host);
      return;
    }
    const refusalPage =
      exception instanceof DomainError
        ? SIGN_IN_REFUSAL_PAGES.find(([type]) => exception instanceof type)?.[1]
        : undefined;
    if (refusalPage !== undefined && exception instanceof DomainError) {
      this.redirect(response, refusalPage, exception.code);
      return;
    }
    const { statusCode, code } = toErrorBody(exception);
    if (!RETRY_LATER_STATUSES.has(statusCode)) {
      this.apiErrors.catch(exception, host);
      return;
    }
    if (statusCode === 503) {
      this.logger.warn({ err: describeForLog(exception) }, 'Google sign-in unavailable');
    }
    const request = http.getRequest<Request>();
    // The callback's sign-in state names the intent; the start of the flow has it in its query.
    const intent = (await this.states.intentOf(request)) ?? request.query.intent;
    this.cookies.clearOAuthState(response);
    this.redirect(response, intent === 'signup' ? '/register' : '/login', code);
  }

  private redirect(response: Response, page: string, reason: string): void {
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(302, `${this.config.auth.publicUrl}${page}?reason=${reason}`);
  }
}
