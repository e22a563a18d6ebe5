import { describedError } from '../../common/domain/domain.error.js';

/** SIGNUP_MODE=invite, and the sign-up came without an invite. The text is the issue's, verbatim. */
export class InviteRequiredError extends describedError(
  'INVITE_REQUIRED',
  "Paylock is invite-only during early access. Join the waitlist and we'll e-mail your invite.",
) {}

/**
 * Unknown, tampered with or malformed: one answer for all three, so that the answer does not
 * tell a guesser which codes are close to real ones.
 */
export class InviteInvalidError extends describedError(
  'INVITE_INVALID',
  'This invite link is not valid. Open the link from your invite e-mail exactly as it was sent.',
) {}

export class InviteExpiredError extends describedError(
  'INVITE_EXPIRED',
  'This invite has expired. Reply to your invite e-mail and we will send you a new one.',
) {}

export class InviteRevokedError extends describedError(
  'INVITE_REVOKED',
  'This invite has been withdrawn. Reply to your invite e-mail if you think this is a mistake.',
) {}

/** Already redeemed — also the answer to the losers of a race for one invite. */
export class InviteUsedError extends describedError(
  'INVITE_USED',
  'This invite has already been used to create an account. Sign in with the Google account it was used with.',
) {}

/** Admin: the entry has no invite to revoke. */
export class InviteNotFoundError extends describedError(
  'INVITE_NOT_FOUND',
  'This entry has not been invited.',
) {}

/** Admin: a redeemed invite cannot be revoked (the account exists). */
export class InviteAlreadyRedeemedError extends describedError(
  'INVITE_ALREADY_REDEEMED',
  'This invite has already been used: the account exists.',
) {}

/** The refusals of a sign-up's invite (the admin's revocation errors aside). */
export const SIGN_UP_INVITE_ERRORS = [
  InviteRequiredError,
  InviteInvalidError,
  InviteExpiredError,
  InviteRevokedError,
  InviteUsedError,
] as const;
