import { type ArgumentsHost, Catch } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, InvalidFieldsError } from '../domain/domain.error.js';
import { retryAfterOf } from '../domain/retry-later.js';
import { ApiExceptionFilter } from './api-exception.filter.js';
import { ApiHttpException } from './api-http.exception.js';
import { type ErrorStatusTable, statusOf } from './domain-error-statuses.js';
import { RequestValidationException } from './request-validation.exception.js';

/** A domain error as the HTTP exception its table gives it; the error itself when unlisted. */
export function toHttpException(table: ErrorStatusTable, error: DomainError): unknown {
  if (error instanceof InvalidFieldsError) {
    const fieldErrors = Object.fromEntries(
      Object.entries(error.fieldErrors).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    return new RequestValidationException(fieldErrors);
  }
  const status = statusOf(table, error);
  return status === undefined ? error : new ApiHttpException(status, error.code, error.message);
}

/**
 * The one translation of domain errors into HTTP answers. Each controller names its module's
 * table: `@UseFilters(new DomainErrorFilter(DEALS_ERROR_STATUSES))`; handlers (and the guards
 * they use) just let domain errors fly. Field errors (InvalidFieldsError) answer 400
 * VALIDATION_FAILED with their field map, like a DTO's. An error its table does not list is a
 * bug and answers 500, logged as one. An error that carries `retryAfterSeconds` (RetryLater) also
 * sets the `Retry-After` header.
 */
@Catch(DomainError)
export class DomainErrorFilter extends ApiExceptionFilter {
  constructor(private readonly table: ErrorStatusTable) {
    super();
  }

  override catch(error: DomainError, host: ArgumentsHost): void {
    const retryAfter = retryAfterOf(error);
    const response = host.switchToHttp().getResponse<Response>();
    const listed = statusOf(this.table, error) !== undefined;
    if (listed && retryAfter !== undefined && !response.headersSent) {
      response.setHeader('Retry-After', String(retryAfter));
    }
    super.catch(toHttpException(this.table, error), host);
  }
}
