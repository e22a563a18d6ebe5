import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import * as errors from '../domain/waitlist.errors.js';

/**
 * The waitlist's domain errors → the HTTP answers its API promises (the waitlist and the personal
 * page). Field errors (InvalidWaitlistApplicationError) answer 400 VALIDATION_FAILED in every
 * module's filter.
 */
export const WAITLIST_ERROR_STATUSES = errorStatuses([
  [errors.PhoneAlreadyRegisteredError, HttpStatus.CONFLICT],
  [errors.EmailAlreadyRegisteredError, HttpStatus.CONFLICT],
  [errors.ConfirmationLinkNotFoundError, HttpStatus.NOT_FOUND],
  [errors.PersonalLinkNotFoundError, HttpStatus.NOT_FOUND],
  [errors.EmailChangeLinkNotFoundError, HttpStatus.NOT_FOUND],
  [errors.ConfirmationLinkExpiredError, HttpStatus.GONE],
  [errors.PersonalLinkExpiredError, HttpStatus.GONE],
  [errors.EmailChangeLinkExpiredError, HttpStatus.GONE],
  // Used before: the link's state conflicts with a second opening (410 is for expiry).
  [errors.PersonalLinkUsedError, HttpStatus.CONFLICT],
  [errors.PersonalSessionRequiredError, HttpStatus.UNAUTHORIZED],
  [errors.TooManyCorrectionsError, HttpStatus.TOO_MANY_REQUESTS],
]);
