import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import {
  ConfirmationLinkExpiredError,
  ConfirmationLinkNotFoundError,
  EmailAlreadyRegisteredError,
  EmailChangeLinkExpiredError,
  EmailChangeLinkNotFoundError,
  PersonalLinkExpiredError,
  PersonalLinkNotFoundError,
  PersonalLinkUsedError,
  PersonalSessionRequiredError,
  PhoneAlreadyRegisteredError,
  TooManyCorrectionsError,
} from '../domain/waitlist.errors.js';

/**
 * The waitlist's domain errors → the HTTP answers its API promises (the waitlist and the personal
 * page). Field errors (InvalidWaitlistApplicationError) answer 400 VALIDATION_FAILED in every
 * module's filter.
 */
export const WAITLIST_ERROR_STATUSES = errorStatuses([
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
]);
