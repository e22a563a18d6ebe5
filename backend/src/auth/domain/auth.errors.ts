import { DomainError } from '../../common/domain/domain.error.js';

/** The Google ID token is missing, forged, expired, for another audience or unverified. */
export class InvalidCredentialError extends DomainError {
  static readonly CODE = 'INVALID_CREDENTIAL';
  static readonly MESSAGE = 'The Google sign-in could not be verified. Please try again.';
  readonly code = InvalidCredentialError.CODE;

  constructor(options?: ErrorOptions) {
    super(InvalidCredentialError.MESSAGE, options);
  }
}

export class AccountNotFoundError extends DomainError {
  static readonly CODE = 'ACCOUNT_NOT_FOUND';
  static readonly MESSAGE =
    'No Paylock account exists for this Google account yet. Please sign up first.';
  readonly code = AccountNotFoundError.CODE;

  constructor() {
    super(AccountNotFoundError.MESSAGE);
  }
}

/** The refresh token is unknown, expired, replayed or its session has ended. */
export class SessionExpiredError extends DomainError {
  static readonly CODE = 'SESSION_EXPIRED';
  static readonly MESSAGE = 'Your session has ended. Please sign in again.';
  readonly code = SessionExpiredError.CODE;

  constructor() {
    super(SessionExpiredError.MESSAGE);
  }
}

/** Signed in, but the account lacks the role the operation needs (e.g. admin). */
export class RoleRequiredError extends DomainError {
  static readonly CODE = 'FORBIDDEN';
  static readonly MESSAGE = 'You do not have access to this area.';
  readonly code = RoleRequiredError.CODE;

  constructor() {
    super(RoleRequiredError.MESSAGE);
  }
}
