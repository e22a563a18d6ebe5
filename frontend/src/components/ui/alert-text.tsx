import type { ReactNode } from 'react';

/** A failure or refusal told in the page's flow, read out at once by screen readers. */
export function AlertText({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}
