import { useEffect, useState } from 'react';
import { startGoogleSignIn, type SignInIntent } from '../api/google-sign-in';

/** Starts the Google redirect flow; reads 'Signing in...' and stays disabled while it runs. */
export function GoogleSignInButton({
  intent,
  label,
  invite,
}: {
  intent: SignInIntent;
  label: string;
  /** A sign-up's invite code, redeemed when the account is created. */
  invite?: string | undefined;
}) {
  const [inProgress, setInProgress] = useState(false);

  // Coming back with the browser's Back button restores this page from the back/forward cache,
  // still 'Signing in...': make the button usable again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setInProgress(false);
    };
    window.addEventListener('pageshow', reset);
    return () => {
      window.removeEventListener('pageshow', reset);
    };
  }, []);

  return (
    <button
      type="button"
      disabled={inProgress}
      onClick={() => {
        setInProgress(true);
        if (invite) startGoogleSignIn(intent, invite);
        else startGoogleSignIn(intent);
      }}
      className="inline-flex w-full items-center justify-center gap-3 rounded-full border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-800 shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-wait disabled:opacity-70 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
    >
      {inProgress ? 'Signing in...' : label}
    </button>
  );
}
