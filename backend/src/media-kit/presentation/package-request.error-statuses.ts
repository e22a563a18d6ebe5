import { HttpStatus } from '@nestjs/common';
import {
  ChallengeRequiredError,
  CodeAttemptsExhaustedError,
  CodeNotSentError,
  InvalidBrandPhoneError,
  InvalidCodeError,
  ResendTooSoonError,
  SmsBudgetExhaustedError,
  TooManyCodesError,
} from '../../brands/brands.contract.js';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import * as errors from '../domain/package-request.errors.js';

/** Package requests' errors → HTTP, with the brands' code errors the SMS step may answer. */
export const PACKAGE_REQUEST_ERROR_STATUSES = errorStatuses([
  [errors.InvalidPackageRequestError, HttpStatus.BAD_REQUEST],
  [errors.InvalidRequestsCursorError, HttpStatus.BAD_REQUEST],
  [errors.PackageNotFoundError, HttpStatus.NOT_FOUND],
  [errors.PackageRequestNotFoundError, HttpStatus.NOT_FOUND],
  [errors.OwnPackageRequestError, HttpStatus.FORBIDDEN],
  [errors.RequestCodeRequiredError, HttpStatus.UNAUTHORIZED],
  [errors.TooManyPackageRequestsError, HttpStatus.TOO_MANY_REQUESTS],
  [errors.PackageRequestAnsweredError, HttpStatus.CONFLICT],
  [InvalidBrandPhoneError, HttpStatus.BAD_REQUEST],
  [InvalidCodeError, HttpStatus.UNAUTHORIZED],
  [CodeAttemptsExhaustedError, HttpStatus.UNAUTHORIZED],
  [ResendTooSoonError, HttpStatus.TOO_MANY_REQUESTS],
  [TooManyCodesError, HttpStatus.TOO_MANY_REQUESTS],
  [ChallengeRequiredError, HttpStatus.PRECONDITION_REQUIRED],
  [SmsBudgetExhaustedError, HttpStatus.SERVICE_UNAVAILABLE],
  [CodeNotSentError, HttpStatus.SERVICE_UNAVAILABLE],
]);
