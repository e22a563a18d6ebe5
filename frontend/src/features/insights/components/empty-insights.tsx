import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

const NEW_DEAL = `${paths.creatorContracts}new`;

/** No deal yet: the figures come from deals, so the way forward is to start one. */
export function NoDealsYet({ children }: { children: ReactNode }) {
  return (
    <EmptyState
      title="No deals yet"
      action={
        <Link
          to={NEW_DEAL}
          className="inline-flex items-center gap-2 rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
        >
          <Plus aria-hidden="true" className="size-4" />
          New deal
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}
