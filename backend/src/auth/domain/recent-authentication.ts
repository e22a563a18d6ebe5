import { describedError } from '../../common/domain/domain.error.js';

/**
 * A change that moves money or identity (payout destination, the brand's billing details, the
 * contact e-mail) needs the person to have proved who they are this recently: a sign-in, a Google
 * round trip with `prompt=login`/`max_age=0`, or a new SMS code (#41).
 */
export const RECENT_AUTHENTICATION_WINDOW_MS = 5 * 60_000;

/** How far the identity provider's clock may be behind ours when it reports `auth_time`. */
export const AUTH_TIME_SKEW_MS = 30_000;

export type ReauthenticationMethod = 'google' | 'sms';

/** Whether the person last proved who they are (sign-in or re-authentication) recently enough. */
export function isRecentlyAuthenticated(
  lastAuthenticatedAt: readonly (Date | null)[],
  now: Date,
): boolean {
  const latest = Math.max(...lastAuthenticatedAt.map((at) => at?.getTime() ?? 0));
  return now.getTime() - latest <= RECENT_AUTHENTICATION_WINDOW_MS;
}

/**
 * Whether the provider's `auth_time` says the person typed their credentials during this round
 * trip: not before it started (less the clock skew), not in the future, and reported at all.
 */
export function authenticatedDuringRoundTrip(
  authTime: Date | null,
  startedAt: Date,
  now: Date,
): boolean {
  if (!authTime) return false;
  const time = authTime.getTime();
  return (
    time >= startedAt.getTime() - AUTH_TIME_SKEW_MS && time <= now.getTime() + AUTH_TIME_SKEW_MS
  );
}

/** The change needs a fresh proof of identity; the app asks for it and then retries. */
export class ReauthenticationRequiredError extends describedError(
  'REAUTHENTICATION_REQUIRED',
  'Please confirm it is you before making this change.',
) {}

/** The provider did not make the person sign in again (an old or missing `auth_time`). */
export class StaleAuthenticationError extends describedError(
  'REAUTHENTICATION_STALE',
  'Google did not ask you to sign in again. Please try once more.',
) {}

/**
 * The round trip signed in another Google account than the session's, was already used, or its
 * session has ended.
 */
export class ReauthenticationNotValidError extends describedError(
  'REAUTHENTICATION_NOT_VALID',
  'This confirmation is not valid for your session. Please try again.',
) {}
