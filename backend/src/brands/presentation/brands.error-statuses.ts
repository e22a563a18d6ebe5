import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import {
  InviteExpiredError,
  InviteInvalidError,
  InviteRequiredError,
  InviteRevokedError,
  InviteUsedError,
} from '../../invites/index.js';
import { InvalidBrandPhoneError } from '../domain/brand-phone-number.js';
import { InvalidBrandProfileError } from '../domain/brand-profile.js';
import {
  BrandAccountNotFoundError,
  BrandProfileNotFoundError,
  ChallengeRequiredError,
  CodeAttemptsExhaustedError,
  CodeNotSentError,
  InvalidCodeError,
  ResendTooSoonError,
  SmsBudgetExhaustedError,
  TooManyCodesError,
} from '../domain/brands.errors.js';

/** The brands module's domain errors and their HTTP statuses (read by DomainErrorFilter and @Throws). */
export const BRANDS_ERROR_STATUSES = errorStatuses([
  [InvalidBrandPhoneError, HttpStatus.BAD_REQUEST],
  [InvalidBrandProfileError, HttpStatus.BAD_REQUEST],
  [InvalidCodeError, HttpStatus.UNAUTHORIZED],
  [CodeAttemptsExhaustedError, HttpStatus.UNAUTHORIZED],
  [BrandAccountNotFoundError, HttpStatus.NOT_FOUND],
  [BrandProfileNotFoundError, HttpStatus.NOT_FOUND],
  [InviteRequiredError, HttpStatus.FORBIDDEN],
  [InviteInvalidError, HttpStatus.NOT_FOUND],
  [InviteExpiredError, HttpStatus.GONE],
  [InviteRevokedError, HttpStatus.GONE],
  [InviteUsedError, HttpStatus.GONE],
  [ResendTooSoonError, HttpStatus.TOO_MANY_REQUESTS],
  [TooManyCodesError, HttpStatus.TOO_MANY_REQUESTS],
  [ChallengeRequiredError, HttpStatus.PRECONDITION_REQUIRED],
  [SmsBudgetExhaustedError, HttpStatus.SERVICE_UNAVAILABLE],
  [CodeNotSentError, HttpStatus.SERVICE_UNAVAILABLE],
]);
