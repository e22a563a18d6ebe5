import { HttpException, HttpStatus } from '@nestjs/common';
import { isDatabaseUnavailableError } from '../../database/database-unavailable.js';
import { ApiHttpException } from './api-http.exception.js';
import { ErrorCode, ErrorMessage } from './error-code.js';
import { RequestValidationException } from './request-validation.exception.js';

/** The uniform error body, before the request id is added. */
export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  errors?: Record<string, string>;
  details?: object;
}

const CODE_BY_STATUS: Readonly<Partial<Record<number, ErrorCode>>> = {
  [HttpStatus.BAD_REQUEST]: ErrorCode.BAD_REQUEST,
  [HttpStatus.UNAUTHORIZED]: ErrorCode.UNAUTHORIZED,
  [HttpStatus.FORBIDDEN]: ErrorCode.FORBIDDEN,
  [HttpStatus.NOT_FOUND]: ErrorCode.NOT_FOUND,
  [HttpStatus.CONFLICT]: ErrorCode.CONFLICT,
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  [HttpStatus.TOO_MANY_REQUESTS]: ErrorCode.RATE_LIMITED,
};

const internalError: ErrorBody = {
  statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
  code: ErrorCode.INTERNAL_ERROR,
  message: ErrorMessage.INTERNAL_ERROR,
};

/**
 * The error Express or body-parser raised while reading the request, which Nest wraps in an
 * HttpException as its `cause`: http-errors shaped (a numeric `status` and an `expose` flag), or
 * tagged by body-parser with a `type`.
 */
function requestReadingError(exception: HttpException): { type: unknown } | undefined {
  const { cause } = exception;
  if (typeof cause !== 'object' || cause === null) return undefined;
  if (!('status' in cause) || typeof cause.status !== 'number') return undefined;
  if ('type' in cause) return { type: cause.type };
  return 'expose' in cause ? { type: undefined } : undefined;
}

/**
 * Fixed words for a request that could not be read: the library's own message may name internals
 * (zlib's "incorrect header check") or echo what the client sent.
 */
function fromRequestReadingError(statusCode: number, type: unknown): ErrorBody {
  if (type === 'entity.parse.failed') {
    return { statusCode, code: ErrorCode.MALFORMED_JSON, message: ErrorMessage.MALFORMED_JSON };
  }
  if (statusCode === 415) {
    return {
      statusCode,
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      message: ErrorMessage.UNSUPPORTED_ENCODING,
    };
  }
  return {
    statusCode,
    code: CODE_BY_STATUS[statusCode] ?? ErrorCode.BAD_REQUEST,
    message: ErrorMessage.UNREADABLE_REQUEST,
  };
}

function fromHttpException(exception: HttpException): ErrorBody {
  const statusCode = exception.getStatus();
  if (statusCode === 503) {
    return { statusCode, code: ErrorCode.SERVICE_UNAVAILABLE, message: ErrorMessage.UNAVAILABLE };
  }
  // Any other 5xx is our fault; its message may hold internals.
  if (statusCode >= 500) return internalError;
  if (statusCode === 413) {
    return {
      statusCode,
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      message: ErrorMessage.PAYLOAD_TOO_LARGE,
    };
  }
  const readingError = requestReadingError(exception);
  if (readingError) return fromRequestReadingError(statusCode, readingError.type);
  const code = CODE_BY_STATUS[statusCode] ?? ErrorCode.BAD_REQUEST;
  return { statusCode, code, message: exception.message };
}

/**
 * Maps anything thrown while handling a request to the uniform error body. Only messages written
 * for clients pass through; driver errors, stack traces and unknown errors never do.
 */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof RequestValidationException) {
    return {
      statusCode: HttpStatus.BAD_REQUEST,
      code: ErrorCode.VALIDATION_FAILED,
      message: ErrorMessage.VALIDATION_FAILED,
      errors: { ...exception.fieldErrors },
    };
  }
  if (exception instanceof ApiHttpException) {
    const { code, message, details } = exception;
    return { statusCode: exception.getStatus(), code, message, ...(details && { details }) };
  }
  if (isDatabaseUnavailableError(exception)) {
    return {
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      code: ErrorCode.DATABASE_UNAVAILABLE,
      message: ErrorMessage.UNAVAILABLE,
    };
  }
  if (exception instanceof HttpException) return fromHttpException(exception);
  return internalError;
}
