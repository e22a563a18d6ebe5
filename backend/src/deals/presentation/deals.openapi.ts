import { applyDecorators, Get, HttpCode, HttpStatus } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiResponse,
  type ApiResponseMetadata,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import {
  type DomainErrorClass,
  type ErrorStatusTable,
  Throws,
} from '../../common/presentation/domain-error-statuses.js';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { PdfDownloadResponse } from '../../common/presentation/pdf-download.js';
import {
  DATABASE_UNAVAILABLE_RESPONSE,
  errorResponse,
  PAYLOAD_TOO_LARGE_RESPONSE,
  badRequest,
} from '../../common/presentation/openapi-errors.js';
import { RATE_LIMITED_MESSAGE } from '../../rate-limit/rate-limit.contract.js';

export { badRequest };

export const BAD_TERMS = badRequest({
  'milestones.0.amountPaise':
    'amountPaise must be a whole number of paise (an integer, not a string or a decimal)',
  totalPaise: 'totalPaise must equal the sum of the milestones (₹1,25,000.00 = 12500000 paise)',
});

export const BAD_QUERY = ApiBadRequestResponse(
  errorResponse(400, ErrorCode.VALIDATION_FAILED, ErrorMessage.VALIDATION_FAILED, {
    view: 'view must be one of the following values: all, active, pending, completed, proposals, archive',
  }),
);

export const DEAL_ID_PARAM = ApiParam({
  name: 'dealId',
  schema: { type: 'string', maxLength: 64 },
  description: "The deal's id. Another creator's deal answers 404, like one that does not exist.",
});

export const UNAVAILABLE = ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE);
export const TOO_LARGE = ApiPayloadTooLargeResponse(PAYLOAD_TOO_LARGE_RESPONSE);
export const RATE_LIMITED = ApiTooManyRequestsResponse(
  errorResponse(429, ErrorCode.RATE_LIMITED, RATE_LIMITED_MESSAGE),
);

/** A review link's token that is not one (its pattern), as the body's check answers it. */
export const BAD_TOKEN = badRequest({ token: 'token is not a valid review link token' });

/**
 * A brand's call by the review link's token in its JSON body (no account; the link's rate limit):
 * answers 200 and documents the body's refusals (`badInput`), the call's domain errors (statuses
 * from `table`), the rate limit, the size limit and an unavailable database.
 */
export const ReviewLinkCall = (
  badInput: MethodDecorator,
  table: ErrorStatusTable,
  ...errors: DomainErrorClass[]
) =>
  applyDecorators(
    HttpCode(HttpStatus.OK),
    // The call's own errors first: one answering 400 leads that answer, the body's refusals after.
    Throws(table, ...errors),
    badInput,
    RATE_LIMITED,
    TOO_LARGE,
    UNAVAILABLE,
  );

export const PDF_RESPONSE = PdfDownloadResponse(
  'The contract as a PDF',
  'paylock-contract-<deal>-v<version>[-signed|-draft].pdf',
);

export function operation(summary: string, description?: string) {
  return ApiOperation({ summary, ...(description ? { description } : {}) });
}

/**
 * A signed-in party reading their own data: `GET path`, never cached, documented with its answer,
 * the refusals given (a query's 400, a missing resource through `Throws`…) and the database's 503.
 */
export function OwnRead(
  path: string | undefined,
  answer: { summary: string; description?: string; type: ApiResponseMetadata['type'] },
  ...refusals: MethodDecorator[]
) {
  return applyDecorators(
    Get(path),
    NoStore(),
    operation(answer.summary, answer.description),
    ApiOkResponse({ type: answer.type }),
    ...refusals,
    UNAVAILABLE,
  );
}

export { ApiResponse };
