import { HttpStatus } from '@nestjs/common';
import { DomainError } from '../../common/domain/domain.error.js';
import { ApiHttpException } from '../../common/presentation/api-http.exception.js';
import { RequestValidationException } from '../../common/presentation/request-validation.exception.js';
import {
  ConfirmationLinkExpiredError,
  ConfirmationLinkNotFoundError,
  EmailAlreadyRegisteredError,
  EmailChangeLinkExpiredError,
  EmailChangeLinkNotFoundError,
  InvalidWaitlistApplicationError,
  PersonalLinkExpiredError,
  PersonalLinkNotFoundError,
  PersonalLinkUsedError,
  PersonalSessionRequiredError,
  PhoneAlreadyRegisteredError,
  TooManyAlreadyRegisteredError,
  TooManyCorrectionsError,
} from '../domain/waitlist.errors.js';

/** Domain errors → the HTTP answers the waitlist's API promises. */
const STATUS_OF: ReadonlyArray<readonly [abstract new (...args: never[]) => DomainError, number]> =
  [
    [PhoneAlreadyRegisteredError, HttpStatus.CONFLICT],
    [EmailAlreadyRegisteredError, HttpStatus.CONFLICT],
    [ConfirmationLinkNotFoundError, HttpStatus.NOT_FOUND],
    [PersonalLinkNotFoundError, HttpStatus.NOT_FOUND],
    [EmailChangeLinkNotFoundError, HttpStatus.NOT_FOUND],
    [ConfirmationLinkExpiredError, HttpStatus.GONE],
    [PersonalLinkExpiredError, HttpStatus.GONE],
    [EmailChangeLinkExpiredError, HttpStatus.GONE],
    // Used before: the link's state conflicts with a second opening (410 is for expiry).
    [PersonalLinkUsedError, HttpStatus.CONFLICT],
    [PersonalSessionRequiredError, HttpStatus.UNAUTHORIZED],
    [TooManyCorrectionsError, HttpStatus.TOO_MANY_REQUESTS],
    [TooManyAlreadyRegisteredError, HttpStatus.TOO_MANY_REQUESTS],
  ];

/** The HTTP answer for a waitlist error; anything else is returned unchanged (the global filter's). */
export function waitlistHttpError(error: unknown): unknown {
  if (error instanceof InvalidWaitlistApplicationError) {
    return new RequestValidationException(error.fieldErrors);
  }
  if (!(error instanceof DomainError)) return error;
  const status = STATUS_OF.find(([type]) => error instanceof type)?.[1];
  return status === undefined ? error : new ApiHttpException(status, error.code, error.message);
}
