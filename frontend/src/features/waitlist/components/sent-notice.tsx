import type { ReactNode } from 'react';

/** The answer to "e-mail me a link": announced to screen readers, in the waitlist's accent. */
export function SentNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg bg-indigo-50 p-4 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
    >
      {children}
    </p>
  );
}
