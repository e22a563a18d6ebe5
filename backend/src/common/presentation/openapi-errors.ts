import {
  type ApiResponseNoStatusOptions,
  ApiBadRequestResponse,
  ApiResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { DescribedDomainError } from '../domain/domain.error.js';
import { ErrorCode, ErrorMessage } from './error-code.js';
import { ErrorResponseDto, ValidationErrorResponseDto } from './error-response.dto.js';

/**
 * The error-documentation kit every controller's `<feature>.openapi.ts` uses: each documented
 * error answer carries an example of the uniform error body (see error-body.ts).
 */
export const EXAMPLE_REQUEST_ID = '3f1c2a9e-7b4d-4e21-9a51-2f0c8d6e4b17';

/** An error answer: its code, message and, for VALIDATION_FAILED, the per-field messages. */
export interface DocumentedError {
  readonly code: string;
  readonly message: string;
  readonly errors?: Record<string, string>;
  /** The example's title in the docs (its code when omitted). */
  readonly summary?: string;
}

/** A domain error's fixed code and message, as documented. */
export function documented(error: DescribedDomainError): DocumentedError {
  return { code: error.CODE, message: error.MESSAGE };
}

export function exampleBody(status: number, { code, message, errors }: DocumentedError): object {
  return {
    statusCode: status,
    code,
    message,
    ...(errors && { errors }),
    requestId: EXAMPLE_REQUEST_ID,
  };
}

/**
 * A documented error answer with its example body. Written in the same shape as
 * {@link errorResponses} (a schema and named examples), so that two decorators documenting the
 * same status (an origin check and a role check both answering 403) merge into one valid answer.
 */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  errors?: Record<string, string>,
): ApiResponseNoStatusOptions {
  return errorResponses(status, [{ code, message, ...(errors && { errors }) }]);
}

/**
 * A status that answers several error codes (or one, with its own description): one named
 * example each. The description lists each code and message unless one is given.
 */
export function errorResponses(
  status: number,
  documentedErrors: readonly DocumentedError[],
  description = documentedErrors.map(({ code, message }) => `${code}: ${message}`).join(' | '),
): ApiResponseNoStatusOptions {
  const withFieldErrors = documentedErrors.some((error) => error.errors);
  return {
    // anyOf, not oneOf: a VALIDATION_FAILED body is an ErrorResponseDto too.
    schema: withFieldErrors
      ? {
          anyOf: [
            { $ref: getSchemaPath(ValidationErrorResponseDto) },
            { $ref: getSchemaPath(ErrorResponseDto) },
          ],
        }
      : { $ref: getSchemaPath(ErrorResponseDto) },
    description,
    examples: Object.fromEntries(
      documentedErrors.map((error) => [
        error.code,
        { summary: error.summary ?? error.code, value: exampleBody(status, error) },
      ]),
    ),
  };
}

/**
 * Documents error answers of one status. Several of these on one operation for the same status
 * (a guard's, the rate limit's, the handler's domain errors) merge: one answer, one named example
 * per code, the descriptions joined.
 */
export function ErrorAnswers(
  status: number,
  documentedErrors: readonly DocumentedError[],
  description?: string,
): MethodDecorator & ClassDecorator {
  return ApiResponse({ status, ...errorResponses(status, documentedErrors, description) });
}

/** The body is not JSON: the body parser answers before any handler runs. */
export const MALFORMED_JSON: DocumentedError = {
  code: ErrorCode.MALFORMED_JSON,
  message: ErrorMessage.MALFORMED_JSON,
};

/** Over the API's body size limit: answered before any handler runs. */
export const PAYLOAD_TOO_LARGE: DocumentedError = {
  code: ErrorCode.PAYLOAD_TOO_LARGE,
  message: ErrorMessage.PAYLOAD_TOO_LARGE,
};

export const PAYLOAD_TOO_LARGE_RESPONSE = errorResponse(
  413,
  PAYLOAD_TOO_LARGE.code,
  PAYLOAD_TOO_LARGE.message,
);

/** The database cannot be reached: answered by the global filter, whatever the handler. */
export const DATABASE_UNAVAILABLE: DocumentedError = {
  code: ErrorCode.DATABASE_UNAVAILABLE,
  message: ErrorMessage.UNAVAILABLE,
};

export const DATABASE_UNAVAILABLE_RESPONSE = errorResponses(
  503,
  [DATABASE_UNAVAILABLE],
  'The database cannot be reached right now (code DATABASE_UNAVAILABLE)',
);

/** 400 for a body that breaks its DTO or a rule: one message per field path, or unparsable JSON. */
export function badRequest(example: Record<string, string>) {
  return ApiBadRequestResponse(
    errorResponses(400, [
      {
        code: ErrorCode.VALIDATION_FAILED,
        message: ErrorMessage.VALIDATION_FAILED,
        errors: example,
      },
      MALFORMED_JSON,
    ]),
  );
}
