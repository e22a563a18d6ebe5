import type { ReactNode } from 'react';

/** A page's title, its description and its main action. */
export function PageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="flex max-w-2xl flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {title}
        </h1>
        {description && <p className="text-slate-700 dark:text-slate-300">{description}</p>}
      </div>
      {action}
    </div>
  );
}

/** Loading and error of a page's query, in the app's style. */
export function QueryProblem({ error, what }: { error: unknown; what: string }) {
  const message =
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
      ? error.message
      : 'Please try again.';
  return (
    <p
      role="alert"
      className="rounded-lg bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-100"
    >
      Could not load {what}. {message}
    </p>
  );
}
