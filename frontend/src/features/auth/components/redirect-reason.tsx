import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { brand } from '../../../config/brand';

/** Why the server's Google redirect flow sent the visitor back here (`?reason=`). */
const reasonMessages: Record<string, string> = {
  'already-registered': 'This Google account is already registered. Please sign in.',
  'no-account': `No ${brand.name} account exists for this Google account yet. Please sign up first.`,
  'sign-in-failed': 'Signing in with Google did not complete. Please try again.',
};

/**
 * Shows the reason once and removes it from the address, so a reload or a shared link does not
 * repeat a stale message.
 */
export function RedirectReason() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [reason] = useState(() => searchParams.get('reason'));
  const message = reason ? reasonMessages[reason] : undefined;

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
    </p>
  );
}
