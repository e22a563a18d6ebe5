import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  errorResponse,
  errorResponses,
  MALFORMED_JSON,
  PAYLOAD_TOO_LARGE_RESPONSE,
} from '../../common/presentation/openapi-errors.js';
import { InvitePreviewDto } from './dto/invite-lookup.dto.js';
import { PublicOperation } from '../../openapi/public-operation.decorator.js';

export const INVITES_CONTROLLER_DOCS = ApiTags('invites');

export const LOOK_UP_INVITE_DOCS = applyDecorators(
  PublicOperation(),
  ApiOperation({
    summary: 'Who an invite is for (masked e-mail), for the register page',
    description:
      'Reveals only the masked address of a valid invite, never the entry. Rate limited with the ' +
      'auth endpoints. The code travels in the body so that it stays out of request logs.',
  }),
  ApiOkResponse({ type: InvitePreviewDto }),
  ApiBadRequestResponse(
    errorResponses(400, [
      {
        code: ErrorCode.VALIDATION_FAILED,
        message: ErrorMessage.VALIDATION_FAILED,
        errors: { code: 'code must be a string' },
      },
      MALFORMED_JSON,
    ]),
  ),
  ApiPayloadTooLargeResponse(PAYLOAD_TOO_LARGE_RESPONSE),
  ApiServiceUnavailableResponse(
    errorResponse(503, ErrorCode.DATABASE_UNAVAILABLE, ErrorMessage.UNAVAILABLE),
  ),
);
