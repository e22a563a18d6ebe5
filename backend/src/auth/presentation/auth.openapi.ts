import type { ApiResponseNoStatusOptions } from '@nestjs/swagger';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { REFRESH_COOKIE_NAME } from './auth-cookies.js';

const EXAMPLE_REQUEST_ID = '3f1c2a9e-7b4d-4e21-9a51-2f0c8d6e4b17';

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
    example: {
      statusCode: status,
      code,
      message,
      ...(errors && { errors }),
      requestId: EXAMPLE_REQUEST_ID,
    },
  };
}

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
