import { DomainError } from '../../common/domain/domain.error.js';

/** SIGNUP_MODE=invite, and the sign-up came without an invite. The text is the issue's, verbatim. */
export class InviteRequiredError extends DomainError {
  static readonly CODE = 'INVITE_REQUIRED';
  static readonly MESSAGE =
    "Paylock is invite-only during early access. Join the waitlist and we'll e-mail your invite.";
  readonly code = InviteRequiredError.CODE;

  constructor() {
    super(InviteRequiredError.MESSAGE);
  }
}

/**
 * Unknown, tampered with or malformed: one answer for all three, so that the answer does not
 * tell a guesser which codes are close to real ones.
 */
export class InviteInvalidError extends DomainError {
  static readonly CODE = 'INVITE_INVALID';
  static readonly MESSAGE =
    'This invite link is not valid. Open the link from your invite e-mail exactly as it was sent.';
  readonly code = InviteInvalidError.CODE;

  constructor() {
    super(InviteInvalidError.MESSAGE);
  }
}

export class InviteExpiredError extends DomainError {
  static readonly CODE = 'INVITE_EXPIRED';
  static readonly MESSAGE =
    'This invite has expired. Reply to your invite e-mail and we will send you a new one.';
  readonly code = InviteExpiredError.CODE;

  constructor() {
    super(InviteExpiredError.MESSAGE);
  }
}

export class InviteRevokedError extends DomainError {
  static readonly CODE = 'INVITE_REVOKED';
  static readonly MESSAGE =
    'This invite has been withdrawn. Reply to your invite e-mail if you think this is a mistake.';
  readonly code = InviteRevokedError.CODE;

  constructor() {
    super(InviteRevokedError.MESSAGE);
  }
}

/** Already redeemed — also the answer to the losers of a race for one invite. */
export class InviteUsedError extends DomainError {
  static readonly CODE = 'INVITE_USED';
  static readonly MESSAGE =
    'This invite has already been used to create an account. Sign in with the Google account it was used with.';
  readonly code = InviteUsedError.CODE;

  constructor() {
    super(InviteUsedError.MESSAGE);
  }
}

/** Admin: the entry has no invite to revoke. */
export class InviteNotFoundError extends DomainError {
  static readonly CODE = 'INVITE_NOT_FOUND';
  static readonly MESSAGE = 'This entry has not been invited.';
  readonly code = InviteNotFoundError.CODE;

  constructor() {
    super(InviteNotFoundError.MESSAGE);
  }
}

/** Admin: a redeemed invite cannot be revoked (the account exists). */
export class InviteAlreadyRedeemedError extends DomainError {
  static readonly CODE = 'INVITE_ALREADY_REDEEMED';
  static readonly MESSAGE = 'This invite has already been used: the account exists.';
  readonly code = InviteAlreadyRedeemedError.CODE;

  constructor() {
    super(InviteAlreadyRedeemedError.MESSAGE);
  }
}
