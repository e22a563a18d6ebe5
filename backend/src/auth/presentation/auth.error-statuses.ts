import { HttpStatus } from '@nestjs/common';
import { errorStatuses } from '../../common/presentation/domain-error-statuses.js';
import { INVITES_ERROR_STATUSES } from '../../invites/index.js';
import { UserAlreadyExistsError } from '../../users/index.js';
import {
  AccountNotFoundError,
  ContactEmailLinkExpiredError,
  ContactEmailLinkNotValidError,
  InvalidContactEmailError,
  InvalidCredentialError,
  SessionExpiredError,
  SessionNotFoundError,
  TooManyContactEmailChangesError,
} from '../domain/auth.errors.js';

/** Sign-up, sign-in and sessions: their own errors, the users' and the invites' (a sign-up redeems one). */
export const AUTH_ERROR_STATUSES = errorStatuses([
  ...INVITES_ERROR_STATUSES,
  [UserAlreadyExistsError, HttpStatus.BAD_REQUEST],
  [AccountNotFoundError, HttpStatus.NOT_FOUND],
  [InvalidCredentialError, HttpStatus.UNAUTHORIZED],
  [SessionExpiredError, HttpStatus.UNAUTHORIZED],
  [SessionNotFoundError, HttpStatus.NOT_FOUND],
  [InvalidContactEmailError, HttpStatus.BAD_REQUEST],
  [ContactEmailLinkNotValidError, HttpStatus.NOT_FOUND],
  [ContactEmailLinkExpiredError, HttpStatus.GONE],
  [TooManyContactEmailChangesError, HttpStatus.TOO_MANY_REQUESTS],
]);
