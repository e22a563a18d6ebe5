import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import {
  DATABASE_UNAVAILABLE,
  documented,
  errorResponses,
  MALFORMED_JSON,
  PAYLOAD_TOO_LARGE,
} from '../../common/presentation/openapi-errors.js';
import { RATE_LIMITED_MESSAGE } from '../../rate-limit/rate-limit.module.js';
import {
  EmailAlreadyRegisteredError,
  PhoneAlreadyRegisteredError,
} from '../domain/waitlist.errors.js';
import { JoinWaitlistResponseDto } from './join-waitlist.response.dto.js';
import { WaitlistStatsResponseDto } from './waitlist-stats.response.dto.js';

const DATABASE_UNAVAILABLE_RESPONSE = errorResponses(
  503,
  [DATABASE_UNAVAILABLE],
  'The database cannot be reached right now (code DATABASE_UNAVAILABLE)',
);

/**
 * The OpenAPI documentation of the waitlist endpoints, one bundle per handler, so the
 * controller keeps to routing, the use cases and the domain-error mapping.
 */
export const WaitlistDocs = {
  controller: () =>
    applyDecorators(
      ApiTags('waitlist'),
      ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto),
    ),

  joinWaitlist: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Join the waitlist',
        description:
          'Stores one entry per phone number and per e-mail address, and gives it the next seat. ' +
          'Seats 1 to 1,000 come with early access; later entries join the waitlist after them. ' +
          'Submitting is consent to the privacy notice version sent (the current one if omitted).',
      }),
      ApiCreatedResponse({
        type: JoinWaitlistResponseDto,
        description: 'Joined; the message says whether the seat has early access',
        examples: {
          earlyAccess: {
            summary: 'Within the 1,000 early-access slots',
            value: {
              success: true,
              message:
                "You've joined the waitlist and secured early-access slot 42 of 1,000. We'll reach out with updates soon!",
              data: { id: '6733f0c2a4b1e2d3c4f5a6b7', seat: 42, earlyAccess: true },
            },
          },
          beyondEarlyAccess: {
            summary: 'After the early-access slots',
            value: {
              success: true,
              message:
                "You've joined the waitlist as number 1,001. All 1,000 early-access slots are already taken, so you are on the waitlist after them. We'll reach out with updates soon!",
              data: { id: '6733f0c2a4b1e2d3c4f5a6b8', seat: 1001, earlyAccess: false },
            },
          },
        },
      }),
      ApiBadRequestResponse(
        errorResponses(
          400,
          [
            MALFORMED_JSON,
            {
              code: ErrorCode.VALIDATION_FAILED,
              message: ErrorMessage.VALIDATION_FAILED,
              errors: {
                phoneNumber: 'Please enter a valid 10-digit phone number',
                instagramHandle: 'Instagram handle is required',
              },
              summary: 'Invalid fields',
            },
          ],
          'A field is invalid (code VALIDATION_FAILED, one message per field), or the body is not JSON (MALFORMED_JSON)',
        ),
      ),
      ApiConflictResponse(
        errorResponses(
          409,
          [documented(PhoneAlreadyRegisteredError), documented(EmailAlreadyRegisteredError)],
          'The phone number (code PHONE_ALREADY_REGISTERED, reported first) or the e-mail address (EMAIL_ALREADY_REGISTERED) is already on the waitlist',
        ),
      ),
      ApiPayloadTooLargeResponse(
        errorResponses(
          413,
          [PAYLOAD_TOO_LARGE],
          'The body is larger than the API accepts (code PAYLOAD_TOO_LARGE)',
        ),
      ),
      ApiTooManyRequestsResponse(
        errorResponses(
          429,
          [{ code: ErrorCode.RATE_LIMITED, message: RATE_LIMITED_MESSAGE }],
          'Too many submissions from this client in the last minute (code RATE_LIMITED)',
        ),
      ),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  getWaitlistStats: () =>
    applyDecorators(
      ApiOperation({ summary: 'How many of the 1,000 early-access slots are taken' }),
      ApiOkResponse({
        type: WaitlistStatsResponseDto,
        description: 'The early-access slot counts',
        example: { totalSlots: 1000, takenSlots: 358, remainingSlots: 642 },
      }),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),
};
