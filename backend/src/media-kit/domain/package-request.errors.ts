import { describedError, InvalidFieldsError } from '../../common/domain/domain.error.js';
import type { RetryLater } from '../../common/domain/retry-later.js';

/** The request's fields broke their rules: one message per field (400 VALIDATION_FAILED). */
export class InvalidPackageRequestError extends InvalidFieldsError {
  readonly code = 'VALIDATION_FAILED';
}

/** No such package on a public page: unknown, hidden, or its kit unpublished — one answer. */
export class PackageNotFoundError extends describedError(
  'PACKAGE_NOT_FOUND',
  'No such package on this media kit.',
) {}

/** The creator's own session asks for their own package: a creator is never their own brand. */
export class OwnPackageRequestError extends describedError(
  'OWN_PACKAGE',
  'You cannot request a package of your own media kit.',
) {}

/** Without a brand session, the SMS code sent to the contact's mobile is needed. */
export class RequestCodeRequiredError extends describedError(
  'REQUEST_CODE_REQUIRED',
  'Enter the 6-digit code we sent to your mobile number, or sign in as a brand.',
) {}

/** Too many requests from this address or this number, or for this creator today. */
export class TooManyPackageRequestsError
  extends describedError(
    'TOO_MANY_PACKAGE_REQUESTS',
    'Too many package requests just now. Please try again later.',
  )
  implements RetryLater
{
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** Not one of the creator's requests (another creator's, or none): one answer. */
export class PackageRequestNotFoundError extends describedError(
  'PACKAGE_REQUEST_NOT_FOUND',
  'No such package request.',
) {}

/** The request was accepted or declined already (each request is answered once). */
export class PackageRequestAnsweredError extends describedError(
  'PACKAGE_REQUEST_ANSWERED',
  'This request was already answered.',
) {}

/** A page cursor altered, made up, or of another list. */
export class InvalidRequestsCursorError extends describedError(
  'INVALID_CURSOR',
  'This page link is not valid. Please start from the first page.',
) {}
