import type { ReactNode } from 'react';
import { LoadingIndicator } from '@/components/ui/loading-indicator';

/** Loading, error or the content of one query, in the admin pages' style. */
export function QueryState({
  isPending,
  error,
  children,
  label,
}: {
  isPending: boolean;
  error: unknown;
  children: ReactNode;
  label: string;
}) {
  if (error) {
    const message =
      typeof error === 'object' && 'message' in error ? String(error.message) : 'Please try again.';
    return (
      <p
        role="alert"
        className="rounded-lg bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-100"
      >
        Could not load the {label}. {message}
      </p>
    );
  }
  if (isPending) return <LoadingIndicator label={`Loading the ${label}…`} />;
  return children;
}
