import { Construction } from 'lucide-react';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { findDestination } from '../navigation';

/**
 * The page behind every sidebar destination that is not built yet: which one it is, what it will
 * offer, and that it is coming. Any other address it is given leads to the overview, as unknown
 * addresses do for a signed-in user.
 */
export function ComingSoonPage() {
  const destination = findDestination(useLocation().pathname);
  if (!destination) return <Navigate to={paths.creatorDashboardOverview} replace />;
  const { item, link } = destination;
  const title = link ? `${item.label}: ${link.label}` : item.label;
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="inline-flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        <Construction aria-hidden="true" className="size-4" />
        Coming soon
      </p>
      <p className="text-slate-700 dark:text-slate-300">{item.summary}</p>
      <p className="text-slate-700 dark:text-slate-300">
        We are building this part of your dashboard now. It will appear here as soon as it is ready.
      </p>
      <Link
        to={paths.creatorDashboardOverview}
        className="font-semibold text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
      >
        Back to the overview
      </Link>
    </div>
  );
}
