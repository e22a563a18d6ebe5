import { type ArgumentsHost, Catch } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../domain/domain.error.js';
import { retryAfterOf } from '../domain/retry-later.js';
import { ApiExceptionFilter } from './api-exception.filter.js';
import { ApiHttpException } from './api-http.exception.js';
import { type ErrorStatusTable, statusOf } from './domain-error-statuses.js';

/**
 * The one translation of domain errors into HTTP answers. Each controller names its module's
 * table: `@UseFilters(new DomainErrorFilter(DEALS_ERROR_STATUSES))`; handlers just let domain
 * errors fly. An error its table does not list is a bug and answers 500, logged as one. An error
 * that carries `retryAfterSeconds` (RetryLater) also sets the `Retry-After` header.
 */
@Catch(DomainError)
export class DomainErrorFilter extends ApiExceptionFilter {
  constructor(private readonly table: ErrorStatusTable) {
    super();
  }

  override catch(error: DomainError, host: ArgumentsHost): void {
    const status = statusOf(this.table, error);
    const retryAfter = retryAfterOf(error);
    const response = host.switchToHttp().getResponse<Response>();
    if (status !== undefined && retryAfter !== undefined && !response.headersSent) {
      response.setHeader('Retry-After', String(retryAfter));
    }
    super.catch(
      status === undefined ? error : new ApiHttpException(status, error.code, error.message),
      host,
    );
  }
}
