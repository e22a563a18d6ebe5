import { Body, Controller, Get, HttpStatus, Post } from '@nestjs/common';
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
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import { RATE_LIMITED_MESSAGE } from '../../rate-limit/rate-limit.module.js';
import { RateLimited } from '../../rate-limit/rate-limit.decorator.js';
import { GetWaitlistStats } from '../application/get-waitlist-stats.use-case.js';
import { JoinWaitlist } from '../application/join-waitlist.use-case.js';
import {
  EmailAlreadyRegisteredError,
  InvalidWaitlistApplicationError,
  PhoneAlreadyRegisteredError,
} from '../domain/waitlist.errors.js';
import { JoinWaitlistRequestDto } from './join-waitlist.request.dto.js';
import { JoinWaitlistResponseDto } from './join-waitlist.response.dto.js';
import { WaitlistStatsResponseDto } from './waitlist-stats.response.dto.js';

const REQUEST_ID_EXAMPLE = '3f1c2a9e-7b4d-4e21-9a51-2f0c8d6e4b17';

function errorExample(statusCode: number, code: string, message: string) {
  return { summary: code, value: { statusCode, code, message, requestId: REQUEST_ID_EXAMPLE } };
}

const DATABASE_UNAVAILABLE_RESPONSE = {
  type: ErrorResponseDto,
  description: 'The database cannot be reached right now (code DATABASE_UNAVAILABLE)',
  examples: {
    DATABASE_UNAVAILABLE: errorExample(
      503,
      ErrorCode.DATABASE_UNAVAILABLE,
      ErrorMessage.UNAVAILABLE,
    ),
  },
};

/** Domain errors → the HTTP answers the API promises; anything else goes to the global filter. */
function toHttpError(error: unknown): unknown {
  if (error instanceof InvalidWaitlistApplicationError) {
    return new RequestValidationException(error.fieldErrors);
  }
  if (
    error instanceof PhoneAlreadyRegisteredError ||
    error instanceof EmailAlreadyRegisteredError
  ) {
    return new ApiHttpException(HttpStatus.CONFLICT, error.code, error.message);
  }
  return error;
}

@ApiTags('waitlist')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('extra/waitlist')
export class WaitlistController {
  constructor(
    private readonly joinWaitlistUseCase: JoinWaitlist,
    private readonly getWaitlistStatsUseCase: GetWaitlistStats,
  ) {}

  @Post()
  @RateLimited('waitlist')
  @ApiOperation({
    summary: 'Join the waitlist',
    description:
      'Stores one entry per phone number and per e-mail address, and gives it the next seat. ' +
      'Seats 1 to 1,000 come with early access; later entries join the waitlist after them. ' +
      'Submitting is consent to the privacy notice version sent (the current one if omitted).',
  })
  @ApiCreatedResponse({
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
  })
  @ApiBadRequestResponse({
    // anyOf, not oneOf: a VALIDATION_FAILED body is an ErrorResponseDto too.
    schema: {
      anyOf: [
        { $ref: getSchemaPath(ValidationErrorResponseDto) },
        { $ref: getSchemaPath(ErrorResponseDto) },
      ],
    },
    description:
      'A field is invalid (code VALIDATION_FAILED, one message per field), or the body is not JSON (MALFORMED_JSON)',
    examples: {
      MALFORMED_JSON: errorExample(400, ErrorCode.MALFORMED_JSON, ErrorMessage.MALFORMED_JSON),
      VALIDATION_FAILED: {
        summary: 'Invalid fields',
        value: {
          statusCode: 400,
          code: ErrorCode.VALIDATION_FAILED,
          message: ErrorMessage.VALIDATION_FAILED,
          errors: {
            phoneNumber: 'Please enter a valid 10-digit phone number',
            instagramHandle: 'Instagram handle is required',
          },
          requestId: REQUEST_ID_EXAMPLE,
        },
      },
    },
  })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description:
      'The phone number (code PHONE_ALREADY_REGISTERED, reported first) or the e-mail address (EMAIL_ALREADY_REGISTERED) is already on the waitlist',
    examples: {
      PHONE_ALREADY_REGISTERED: errorExample(
        409,
        new PhoneAlreadyRegisteredError().code,
        new PhoneAlreadyRegisteredError().message,
      ),
      EMAIL_ALREADY_REGISTERED: errorExample(
        409,
        new EmailAlreadyRegisteredError().code,
        new EmailAlreadyRegisteredError().message,
      ),
    },
  })
  @ApiPayloadTooLargeResponse({
    type: ErrorResponseDto,
    description: 'The body is larger than the API accepts (code PAYLOAD_TOO_LARGE)',
    examples: {
      PAYLOAD_TOO_LARGE: errorExample(
        413,
        ErrorCode.PAYLOAD_TOO_LARGE,
        ErrorMessage.PAYLOAD_TOO_LARGE,
      ),
    },
  })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description: 'Too many submissions from this client in the last minute (code RATE_LIMITED)',
    examples: { RATE_LIMITED: errorExample(429, ErrorCode.RATE_LIMITED, RATE_LIMITED_MESSAGE) },
  })
  @ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE)
  async joinWaitlist(@Body() body: JoinWaitlistRequestDto): Promise<JoinWaitlistResponseDto> {
    try {
      const result = await this.joinWaitlistUseCase.execute({
        fullName: body.fullName,
        email: body.email,
        phoneNumber: body.phoneNumber,
        instagramHandle: body.instagramHandle,
        userType: body.userType,
        privacyNoticeVersion: body.privacyNoticeVersion ?? undefined,
        honeypot: body.website ?? undefined,
      });
      return JoinWaitlistResponseDto.fromResult(result);
    } catch (error) {
      throw toHttpError(error);
    }
  }

  @Get('stats')
  @ApiOperation({ summary: 'How many of the 1,000 early-access slots are taken' })
  @ApiOkResponse({
    type: WaitlistStatsResponseDto,
    description: 'The early-access slot counts',
    example: { totalSlots: 1000, takenSlots: 358, remainingSlots: 642 },
  })
  @ApiServiceUnavailableResponse(DATABASE_UNAVAILABLE_RESPONSE)
  async getWaitlistStats(): Promise<WaitlistStatsResponseDto> {
    return new WaitlistStatsResponseDto(await this.getWaitlistStatsUseCase.execute());
  }
}
