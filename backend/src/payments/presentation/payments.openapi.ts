import {
  ApiBadRequestResponse,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  DATABASE_UNAVAILABLE_RESPONSE,
  errorResponse,
  errorResponses,
  MALFORMED_JSON,
  PAYLOAD_TOO_LARGE_RESPONSE,
} from '../../common/presentation/openapi-errors.js';
import { RATE_LIMITED_MESSAGE } from '../../rate-limit/rate-limit.contract.js';

export const BAD_INPUT = ApiBadRequestResponse(
  errorResponses(400, [
    {
      code: ErrorCode.VALIDATION_FAILED,
      message: ErrorMessage.VALIDATION_FAILED,
      errors: { links: 'each link must be an https:// address' },
    },
    MALFORMED_JSON,
  ]),
);
export const UNAVAILABLE = ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE);
export const TOO_LARGE = ApiPayloadTooLargeResponse(PAYLOAD_TOO_LARGE_RESPONSE);
export const RATE_LIMITED = ApiTooManyRequestsResponse(
  errorResponse(429, ErrorCode.RATE_LIMITED, RATE_LIMITED_MESSAGE),
);
