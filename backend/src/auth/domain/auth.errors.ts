import { describedError } from '../../common/domain/domain.error.js';

/** The Google ID token is missing, forged, expired, for another audience or unverified. */
export class InvalidCredentialError extends describedError(
  'INVALID_CREDENTIAL',
  'The Google sign-in could not be verified. Please try again.',
) {}

export class AccountNotFoundError extends describedError(
  'ACCOUNT_NOT_FOUND',
  'No Paylock account exists for this Google account yet. Please sign up first.',
) {}

/** The refresh token is unknown, expired, replayed or its session has ended. */
export class SessionExpiredError extends describedError(
  'SESSION_EXPIRED',
  'Your session has ended. Please sign in again.',
) {}

/** Signed in, but the account lacks the role the operation needs (e.g. admin). */
export class RoleRequiredError extends describedError(
  'FORBIDDEN',
  'You do not have access to this area.',
) {}

/** No active session of the caller's account has this id (unknown, ended, or someone else's). */
export class SessionNotFoundError extends describedError(
  'SESSION_NOT_FOUND',
  'This session is not one of your active sessions. It may have ended already.',
) {}

/** A contact e-mail link that is unknown, used, replaced by a later request or for an erased account. */
export class ContactEmailLinkNotValidError extends describedError(
  'CONTACT_EMAIL_LINK_NOT_VALID',
  'This link is not valid. It may have been used already, or a newer one was sent.',
) {}

export class ContactEmailLinkExpiredError extends describedError(
  'CONTACT_EMAIL_LINK_EXPIRED',
  'This link has expired. Please ask for a new one in Settings.',
) {}

/** The account asked for too many contact e-mail changes today (each one sends a mail). */
export class TooManyContactEmailChangesError extends describedError(
  'TOO_MANY_CONTACT_EMAIL_CHANGES',
  'You have asked for too many e-mail changes today. Please try again tomorrow.',
) {}

/** The address is not one Paylock can send to (after normalisation). */
export class InvalidContactEmailError extends describedError(
  'INVALID_CONTACT_EMAIL',
  'Please enter an e-mail address like name@example.com.',
) {}
