import { DomainError } from '../../common/domain/domain.error.js';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import {
  ExportLimitReachedError,
  InvalidAdminQueryError,
  MailMessageNotFailedError,
  MailMessageNotFoundError,
  WaitlistEntryNotFoundError,
} from '../domain/admin.errors.js';

/** The back-office's domain errors → their HTTP answers; anything else is unexpected. */
export function toHttpError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  if (error instanceof InvalidAdminQueryError) {
    return new RequestValidationException(error.fieldErrors);
  }
  if (error instanceof MailMessageNotFoundError) {
    return new ApiHttpException(404, error.code, error.message);
  }
  if (error instanceof MailMessageNotFailedError) {
    return new ApiHttpException(409, error.code, error.message);
  }
  if (error instanceof WaitlistEntryNotFoundError) {
    return new ApiHttpException(404, error.code, error.message);
  }
  if (error instanceof ExportLimitReachedError) {
    return new ApiHttpException(429, error.code, error.message);
  }
  return error;
}

/** Runs `parse`, answering 400 with the field messages when the query is refused. */
export function parsed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw toHttpError(error);
  }
}
