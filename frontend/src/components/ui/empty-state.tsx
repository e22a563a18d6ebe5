import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  /** What to do next, in a sentence or two. */
  children: ReactNode;
  icon?: LucideIcon;
  /** The next step as a link or button ("New deal"). */
  action?: ReactNode;
  /** The title's heading level, to fit the page's outline (default 2). */
  headingLevel?: 2 | 3;
}

/** What a list or page shows when there is nothing yet: what it is for and what to do next. */
export function EmptyState({
  title,
  children,
  icon: Icon,
  action,
  headingLevel = 2,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      {Icon && (
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      )}
      <Heading className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Heading>
      <div className="max-w-md text-sm text-slate-700 dark:text-slate-300">{children}</div>
      {action}
    </div>
  );
}
