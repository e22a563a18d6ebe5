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
