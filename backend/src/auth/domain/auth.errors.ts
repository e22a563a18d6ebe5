import { DomainError } from '../../common/domain/domain.error.js';

/** The Google ID token is missing, forged, expired, for another audience or unverified. */
export class InvalidCredentialError extends DomainError {
  readonly code = 'INVALID_CREDENTIAL';

  constructor(options?: ErrorOptions) {
    super('The Google sign-in could not be verified. Please try again.', options);
  }
}

export class AccountNotFoundError extends DomainError {
  readonly code = 'ACCOUNT_NOT_FOUND';

  constructor() {
    super('No Paylock account exists for this Google account yet. Please sign up first.');
  }
}

/** The refresh token is unknown, expired, replayed or its session has ended. */
export class SessionExpiredError extends DomainError {
  readonly code = 'SESSION_EXPIRED';

  constructor() {
    super('Your session has ended. Please sign in again.');
  }
}
