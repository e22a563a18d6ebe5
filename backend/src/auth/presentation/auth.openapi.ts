import { type ApiResponseNoStatusOptions, getSchemaPath } from '@nestjs/swagger';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { REFRESH_COOKIE_NAME } from './auth-cookies.js';

const EXAMPLE_REQUEST_ID = '3f1c2a9e-7b4d-4e21-9a51-2f0c8d6e4b17';

/** An error answer: its code, message and, for VALIDATION_FAILED, the per-field messages. */
export interface DocumentedError {
  readonly code: string;
  readonly message: string;
  readonly errors?: Record<string, string>;
}

function exampleBody(status: number, { code, message, errors }: DocumentedError): object {
  return {
    statusCode: status,
    code,
    message,
    ...(errors && { errors }),
    requestId: EXAMPLE_REQUEST_ID,
  };
}

/** A documented error answer with its example body. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  errors?: Record<string, string>,
): ApiResponseNoStatusOptions {
  return {
    type: errors ? ValidationErrorResponseDto : ErrorResponseDto,
    description: `${code}: ${message}`,
    example: exampleBody(status, { code, message, ...(errors && { errors }) }),
  };
}

/** A status that answers several error codes: one example each. */
export function errorResponses(
  status: number,
  documented: readonly DocumentedError[],
): ApiResponseNoStatusOptions {
  const withFieldErrors = documented.some((error) => error.errors);
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
    description: documented.map(({ code, message }) => `${code}: ${message}`).join(' | '),
    examples: Object.fromEntries(
      documented.map((error) => [
        error.code,
        { summary: error.code, value: exampleBody(status, error) },
      ]),
    ),
  };
}

/** The body is not JSON: the body parser answers before any handler runs. */
export const MALFORMED_JSON: DocumentedError = {
  code: ErrorCode.MALFORMED_JSON,
  message: ErrorMessage.MALFORMED_JSON,
};

/** Over the API's body size limit: answered before any handler runs. */
export const PAYLOAD_TOO_LARGE_RESPONSE = errorResponse(
  413,
  ErrorCode.PAYLOAD_TOO_LARGE,
  ErrorMessage.PAYLOAD_TOO_LARGE,
);

export const REFRESH_COOKIE_DESCRIPTION =
  `The refresh token travels only in the httpOnly cookie \`${REFRESH_COOKIE_NAME}\` ` +
  `(\`__Host-${REFRESH_COOKIE_NAME}\`, Secure, in production; SameSite=Strict; Path=/). ` +
  'Each refresh rotates it; a rotated token presented again ends the session (reuse ' +
  'detection), except within a few seconds of its rotation (two tabs refreshing at once), ' +
  'which answers a new access token and leaves the cookie as it is. Requests from an Origin ' +
  'other than the app, or without the X-Requested-With header, are refused (403).';

export const SET_REFRESH_COOKIE = {
  'Set-Cookie': {
    description: `The refresh token: \`${REFRESH_COOKIE_NAME}=<token>; HttpOnly; SameSite=Strict; Path=/\` (in production \`__Host-${REFRESH_COOKIE_NAME}\`, Secure)`,
    schema: { type: 'string' },
  },
} as const;
