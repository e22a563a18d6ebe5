import { applyDecorators, HttpStatus } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  CSRF_REJECTED,
  FOREIGN_ORIGIN_MESSAGE,
} from '../../common/presentation/app-origin.guard.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { ErrorCode, ErrorMessage } from '../../common/presentation/error-code.js';
import {
  DATABASE_UNAVAILABLE,
  documented,
  errorResponse,
  errorResponses,
  MALFORMED_JSON,
  PAYLOAD_TOO_LARGE_RESPONSE,
} from '../../common/presentation/openapi-errors.js';
import { SET_REFRESH_COOKIE } from '../../auth/index.js';
import {
  InviteExpiredError,
  InviteInvalidError,
  InviteRequiredError,
  InviteRevokedError,
  InviteUsedError,
} from '../../invites/index.js';
import { RATE_LIMITED_MESSAGE } from '../../rate-limit/rate-limit.contract.js';
import { NOT_INDIAN_MESSAGE } from '../domain/brand-phone-number.js';
import {
  BrandAccountNotFoundError,
  ChallengeRequiredError,
  BrandProfileNotFoundError,
  CodeAttemptsExhaustedError,
  CodeNotSentError,
  InvalidCodeError,
  ResendTooSoonError,
  SmsBudgetExhaustedError,
  TooManyCodesError,
} from '../domain/brands.errors.js';
import { BRANDS_ERROR_STATUSES } from './brands.error-statuses.js';
import { BrandProfileResponseDto } from './dto/brand-profile.dto.js';
import {
  CODE_FORMAT_MESSAGE,
  PhoneChallengeResponseDto,
  PhoneCodeSentResponseDto,
  PhoneSessionResponseDto,
} from './dto/phone-code.dto.js';

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 1 },
  },
} as const;

const PHONE_INVALID = {
  code: ErrorCode.VALIDATION_FAILED,
  message: ErrorMessage.VALIDATION_FAILED,
  errors: { phone: 'Please enter a valid 10-digit phone number' },
  summary: 'phone: not 10 digits starting with 6–9',
};
const PHONE_NOT_INDIAN = {
  code: ErrorCode.VALIDATION_FAILED,
  message: ErrorMessage.VALIDATION_FAILED,
  errors: { phone: NOT_INDIAN_MESSAGE },
  summary: 'phone: another country',
};
const CODE_MALFORMED = {
  code: ErrorCode.VALIDATION_FAILED,
  message: ErrorMessage.VALIDATION_FAILED,
  errors: { code: CODE_FORMAT_MESSAGE },
  summary: 'code: not six digits',
};

const tooManyRequests = (...limits: { CODE: string; MESSAGE: string }[]) =>
  ApiResponse({
    status: HttpStatus.TOO_MANY_REQUESTS,
    headers: RETRY_AFTER,
    ...errorResponses(429, [
      { code: ErrorCode.RATE_LIMITED, message: RATE_LIMITED_MESSAGE },
      ...limits.map(documented),
    ]),
  });

const unavailable = (...errors: { CODE: string; MESSAGE: string }[]) =>
  ApiResponse({
    status: HttpStatus.SERVICE_UNAVAILABLE,
    ...errorResponses(503, [DATABASE_UNAVAILABLE, ...errors.map(documented)]),
  });

const FOREIGN_ORIGIN = { code: CSRF_REJECTED, message: FOREIGN_ORIGIN_MESSAGE };

/** The OpenAPI documentation of the brands endpoints, one bundle per handler. */
export const BrandsDocs = {
  phoneController: () => ApiTags('auth'),

  profileController: () => ApiTags('brand'),

  requestPhoneCode: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Get OTP: send a 6-digit sign-in code to an Indian mobile number by SMS',
        description:
          'Replaces any earlier code of the number; the code works for 10 minutes, 5 tries. The ' +
          'answer is the same whether or not the number has an account or may sign up (under ' +
          'SIGNUP_MODE=invite an uninvited sign-up is refused at verification, 403 ' +
          'INVITE_REQUIRED). Limits, counted only for a code actually issued: one code a minute ' +
          'per number (RESEND_TOO_SOON), 3 per number in 10 minutes and 10 a day from one client ' +
          'network (IPv4 /24, IPv6 /64) (TOO_MANY_CODES); past 10 per client IP an hour, 428 ' +
          'CHALLENGE_REQUIRED (one address is often many people); the ' +
          'service-wide SMS_HOURLY_BUDGET (SMS_UNAVAILABLE); every 429 and those 503s carry ' +
          'Retry-After. When the SMS provider fails, nothing is kept and the answer is 503 ' +
          'CODE_NOT_SENT. Once the general share of SMS_HOURLY_BUDGET is spent, every number ' +
          'alike answers 428 CHALLENGE_REQUIRED until the request carries `proof`, a solved ' +
          'challenge (GET /auth/phone/challenges); numbers with an account then draw on a ' +
          'reserved share, others on the challenged share (503 SMS_UNAVAILABLE once that is spent).',
      }),
      ApiAcceptedResponse({
        type: PhoneCodeSentResponseDto,
        description: 'The code is on its way',
      }),
      ApiBadRequestResponse(errorResponses(400, [PHONE_INVALID, PHONE_NOT_INDIAN, MALFORMED_JSON])),
      ApiForbiddenResponse(errorResponses(403, [FOREIGN_ORIGIN])),
      tooManyRequests(ResendTooSoonError, TooManyCodesError),
      Throws(BRANDS_ERROR_STATUSES, ChallengeRequiredError),
      unavailable(SmsBudgetExhaustedError, CodeNotSentError),
      ApiPayloadTooLargeResponse(PAYLOAD_TOO_LARGE_RESPONSE),
    ),

  phoneChallenge: () =>
    applyDecorators(
      ApiOperation({
        summary: 'A proof-of-work challenge for "Get OTP" while the SMS budget is spent',
        description:
          'ALTCHA v2 format (altcha-lib): find the counter whose SHA-256 key starts with ' +
          '`keyPrefix` (about 65,000 hashes), then send base64 of `{ challenge, solution }` as ' +
          '`proof` with POST /auth/phone/codes. Signed, valid 5 minutes, good for one code.',
      }),
      ApiOkResponse({ type: PhoneChallengeResponseDto, description: 'A fresh challenge' }),
      tooManyRequests(),
      unavailable(),
    ),

  verifyPhoneCode: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Verify the code: sign the brand in (sign-up creates the account)',
        description:
          'The same session answer as a Google sign-in: the access token in the body, the ' +
          'rotating refresh token in the httpOnly cookie. Each try counts (5 per code) before ' +
          'the code is compared; a code works once, however many verifications race for it. ' +
          "A 'signup' of a number that has an account signs it in; a 'login' of one without " +
          'answers 404 ACCOUNT_NOT_FOUND (the code is spent).',
      }),
      ApiOkResponse({
        type: PhoneSessionResponseDto,
        description: 'Signed in',
        headers: SET_REFRESH_COOKIE,
      }),
      ApiBadRequestResponse(
        errorResponses(400, [PHONE_INVALID, PHONE_NOT_INDIAN, CODE_MALFORMED, MALFORMED_JSON]),
      ),
      Throws(
        BRANDS_ERROR_STATUSES,
        InvalidCodeError,
        CodeAttemptsExhaustedError,
        BrandAccountNotFoundError,
        InviteInvalidError,
        InviteExpiredError,
        InviteRevokedError,
        InviteUsedError,
      ),
      ApiForbiddenResponse(errorResponses(403, [FOREIGN_ORIGIN, documented(InviteRequiredError)])),
      tooManyRequests(),
      unavailable(),
      ApiPayloadTooLargeResponse(PAYLOAD_TOO_LARGE_RESPONSE),
    ),

  getProfile: () =>
    applyDecorators(
      ApiOperation({ summary: "The signed-in brand's company profile" }),
      ApiOkResponse({ type: BrandProfileResponseDto }),
      Throws(BRANDS_ERROR_STATUSES, BrandProfileNotFoundError),
    ),

  updateProfile: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Give (or correct) the company and contact name',
        description: 'Asked once after the first verification (profileRequired).',
      }),
      ApiOkResponse({ type: BrandProfileResponseDto }),
      ApiBadRequestResponse(
        errorResponse(400, ErrorCode.VALIDATION_FAILED, ErrorMessage.VALIDATION_FAILED, {
          companyName: 'Company name is required',
        }),
      ),
      Throws(BRANDS_ERROR_STATUSES, BrandProfileNotFoundError),
      ApiPayloadTooLargeResponse(PAYLOAD_TOO_LARGE_RESPONSE),
    ),
};
