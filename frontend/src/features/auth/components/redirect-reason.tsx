import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { INVITE_ONLY_TEXT } from '../api/otp-failure';
import { inviteFailureTexts } from '../api/use-invite-preview';

const UNAVAILABLE_TEXT = `${brand.name} is temporarily unavailable, so signing in with Google did not complete. Please try again shortly.`;

/**
 * Why the server's Google redirect flow sent the visitor back here: `?reason=<ERROR_CODE>`, the
 * code of the API error that refused the sign-in, with one text per code (the invite codes' texts
 * are the invite lookup's). A Map, not an object: `?reason=__proto__` or `constructor` must find
 * nothing rather than an inherited member.
 */
const reasonMessages: ReadonlyMap<string, string> = new Map([
  ['ALREADY_REGISTERED', 'This Google account is already registered. Please sign in.'],
  [
    'ACCOUNT_NOT_FOUND',
    `No ${brand.name} account exists for this Google account yet. Please sign up first.`,
  ],
  ['INVALID_CREDENTIAL', 'Signing in with Google did not complete. Please try again.'],
  ['DATABASE_UNAVAILABLE', UNAVAILABLE_TEXT],
  ['SERVICE_UNAVAILABLE', UNAVAILABLE_TEXT],
  ['RATE_LIMITED', 'Too many sign-in attempts. Please wait a minute and try again.'],
  ['INVITE_REQUIRED', INVITE_ONLY_TEXT],
  ...inviteFailureTexts,
]);

/**
 * Shows the reason once and removes it from the address, so a reload or a shared link does not
 * repeat a stale message.
 */
export function RedirectReason() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [reason] = useState(() => searchParams.get('reason'));
  const message = reason === null ? undefined : reasonMessages.get(reason);

  useEffect(() => {
    if (!reason) return;
    setSearchParams(
      (current) => {
        current.delete('reason');
        return current;
      },
      { replace: true },
    );
  }, [reason, setSearchParams]);

  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {message}
      {reason === 'INVITE_REQUIRED' && (
        <>
          {' '}
          <Link to={paths.waitlist} className="font-semibold underline">
            Join the waitlist
          </Link>
        </>
      )}
    </p>
  );
}
