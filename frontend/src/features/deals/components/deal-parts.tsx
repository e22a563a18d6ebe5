import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/status-badge';
import { dealPaths } from '../deal-paths';
import { dealStateTones } from '@/entities/deal/deal-state-tones';
import { dealStateLabels, type DealState } from '../deal-model';

export const PRIMARY_LINK =
  'inline-flex items-center gap-2 rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

export const SECONDARY_BUTTON =
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800';

export const TEXT_LINK =
  'font-medium text-indigo-800 underline-offset-2 hover:underline dark:text-indigo-200';

export function DealStateBadge({ state }: { state: DealState }) {
  return <StatusBadge tone={dealStateTones[state]}>{dealStateLabels[state]}</StatusBadge>;
}

export function NewDealLink({ children = 'New deal' }: { children?: ReactNode }) {
  return (
    <Link to={dealPaths.newDeal} className={PRIMARY_LINK}>
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/** A page's heading, what it lists, and its main action. */
export { PageHeader, QueryProblem } from '@/components/ui/page-header';

export function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  return (
    <form
      role="search"
      className="mb-4 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const q = data.get('q');
        onSearch(typeof q === 'string' ? q : '');
      }}
    >
      <div className="flex flex-col gap-1">
        <label
          htmlFor="deal-search"
          className="text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {label}
        </label>
        <input
          id="deal-search"
          name="q"
          type="search"
          key={value}
          defaultValue={value}
          maxLength={100}
          className="w-64 max-w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
      </div>
      <button type="submit" className={SECONDARY_BUTTON}>
        Search
      </button>
      {value && (
        <button
          type="button"
          className={SECONDARY_BUTTON}
          onClick={() => {
            onSearch('');
          }}
        >
          Clear
        </button>
      )}
    </form>
  );
}
