import { applyDecorators } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import {
  DATABASE_UNAVAILABLE_RESPONSE,
  errorResponses,
  MALFORMED_JSON,
  PAYLOAD_TOO_LARGE,
} from '../../common/presentation/openapi-errors.js';
import { CONFIRMATION_LINK_HOURS, MAX_RESENDS_PER_DAY } from '../domain/confirmation.js';
import {
  ConfirmWaitlistPlaceResponseDto,
  INCOMPLETE_LINK_MESSAGE,
} from './confirm-waitlist-place.dto.js';
import {
  JoinWaitlistAcceptedResponseDto,
  JoinWaitlistResponseDto,
} from './join-waitlist.response.dto.js';
import { ResendConfirmationResponseDto } from './resend-confirmation.dto.js';
import { WaitlistStatsResponseDto } from './waitlist-stats.response.dto.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';

/**
 * The OpenAPI documentation of the waitlist endpoints, one bundle per handler, so the
 * controller keeps to routing and the use cases. Domain errors are documented by @Throws on the
 * handlers, from the module's status table; the 429 by @RateLimited.
 */
export const WaitlistDocs = {
  controller: () =>
    applyDecorators(
      ApiTags('waitlist'),
      ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto),
    ),

  joinWaitlist: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: 'Join the waitlist',
        description:
          'Stores one entry per phone number and per e-mail address (both taken from this ' +
          'moment), awaiting confirmation, and e-mails it a confirmation link working ' +
          `${CONFIRMATION_LINK_HOURS} hours; the seat is claimed when the link is opened ` +
          '(POST /extra/waitlist/confirmations). Entries not confirmed in time are erased. The ' +
          'same phone and e-mail again, while still unconfirmed, answer 200 and e-mail the link ' +
          `again (at most ${MAX_RESENDS_PER_DAY} times a day). Submitting is consent to the ` +
          'privacy notice version sent (the current one if omitted). A phone number already on ' +
          'the waitlist (also with another e-mail address, or already confirmed) answers 409 ' +
          'PHONE_ALREADY_REGISTERED, reported before an e-mail address already on it ' +
          '(EMAIL_ALREADY_REGISTERED). Those 409s are limited per client address ' +
          '(RATE_LIMIT_WAITLIST_ALREADY_REGISTERED_PER_HOUR); past that the client is never ' +
          'refused: each of its submissions answers 202 "check your e-mail", the same for free ' +
          'and taken details — free ones are joined and e-mailed their link as usual, the owner ' +
          'of taken ones is e-mailed that someone tried.',
      }),
      ApiCreatedResponse({
        type: JoinWaitlistResponseDto,
        description: 'Joined: the confirmation link was e-mailed (confirmationEmail: sent)',
        example: {
          success: true,
          message:
            "You've successfully joined our waitlist. We'll reach out with updates soon! Confirm your place with the link we've e-mailed to a•••o@example.com: it works for 72 hours.",
          data: {
            id: '6733f0c2a4b1e2d3c4f5a6b7',
            status: 'awaiting_confirmation',
            email: 'a•••o@example.com',
            confirmationEmail: 'sent',
            linkExpiresAt: '2026-11-23T10:15:00.000Z',
            linkValidForHours: 72,
          },
        },
      }),
      ApiOkResponse({
        type: JoinWaitlistResponseDto,
        description: `Already joined with this phone and e-mail, still unconfirmed: the link was e-mailed again (confirmationEmail: sent_again), or not, after ${MAX_RESENDS_PER_DAY} times in the last 24 hours (not_sent_again)`,
        example: {
          success: true,
          message:
            "You've successfully joined our waitlist. We'll reach out with updates soon! We've e-mailed your confirmation link again to a•••o@example.com: it works for 72 hours.",
          data: {
            id: '6733f0c2a4b1e2d3c4f5a6b7',
            status: 'awaiting_confirmation',
            email: 'a•••o@example.com',
            confirmationEmail: 'sent_again',
            linkExpiresAt: '2026-11-23T10:20:00.000Z',
            linkValidForHours: 72,
          },
        },
      }),
      ApiAcceptedResponse({
        type: JoinWaitlistAcceptedResponseDto,
        description:
          'This client had its hour\'s "already registered" answers: taken in, told by e-mail only ' +
          '(the same answer whether or not the details were free)',
        example: {
          success: true,
          message: 'Thank you! Please check your e-mail at a•••o@example.com for the next step.',
          data: { status: 'check_email', email: 'a•••o@example.com' },
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
      ApiPayloadTooLargeResponse(
        errorResponses(
          413,
          [PAYLOAD_TOO_LARGE],
          'The body is larger than the API accepts (code PAYLOAD_TOO_LARGE)',
        ),
      ),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  getWaitlistStats: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: 'How many of the 1,000 early-access slots are taken (by confirmed entries)',
      }),
      ApiOkResponse({
        type: WaitlistStatsResponseDto,
        description: 'The early-access slot counts',
        example: { totalSlots: 1000, takenSlots: 358, remainingSlots: 642 },
      }),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  confirmWaitlistPlace: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: 'Confirm a place on the waitlist (the link e-mailed on joining)',
        description:
          'The app’s page /waitlist/confirm?token=… sends the link’s token here. The first ' +
          'confirmation claims the next seat (seats 1 to 1,000 come with early access; the live ' +
          'count counts confirmed entries only). Confirming again answers the same seat ' +
          `(alreadyConfirmed: true) and sends nothing. A link works ${CONFIRMATION_LINK_HOURS} hours; ` +
          'a new one can be asked for at POST /extra/waitlist/confirmation-emails.',
      }),
      ApiOkResponse({
        type: ConfirmWaitlistPlaceResponseDto,
        description: 'Confirmed (now, or before: alreadyConfirmed), with the seat',
      }),
      ApiBadRequestResponse(
        errorResponses(400, [
          MALFORMED_JSON,
          {
            code: ErrorCode.VALIDATION_FAILED,
            message: ErrorMessage.VALIDATION_FAILED,
            errors: { token: INCOMPLETE_LINK_MESSAGE },
          },
        ]),
      ),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),

  resendConfirmationEmail: () =>
    applyDecorators(
      PublicOperation(),
      ApiOperation({
        summary: 'E-mail a new confirmation link',
        description:
          'For a place still awaiting confirmation whose e-mail address and phone number both ' +
          `match, a new link (working ${CONFIRMATION_LINK_HOURS} hours) is e-mailed, at most ` +
          `${MAX_RESENDS_PER_DAY} times a day. The answer is the same whether or not anything ` +
          'matched, and comes before any e-mail is queued.',
      }),
      ApiAcceptedResponse({
        type: ResendConfirmationResponseDto,
        description: 'Accepted (the same answer whether or not anything matched)',
      }),
      ApiBadRequestResponse(
        errorResponses(400, [
          MALFORMED_JSON,
          {
            code: ErrorCode.VALIDATION_FAILED,
            message: ErrorMessage.VALIDATION_FAILED,
            errors: { phoneNumber: 'Please enter a valid 10-digit phone number' },
          },
        ]),
      ),
      ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE),
    ),
};
