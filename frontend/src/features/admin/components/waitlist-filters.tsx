import { useEffect, useId, useRef, useState } from 'react';
import {
  ENTRY_STATUSES,
  type EntryStatus,
  USER_TYPES,
  type UserType,
  type WaitlistQuery,
  without,
} from '../waitlist-query';

const SEARCH_DELAY_MS = 300;
const fieldClass =
  'rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

function toggled<T>(list: readonly T[] | undefined, value: T, on: boolean): T[] {
  const rest = (list ?? []).filter((item) => item !== value);
  return on ? [...rest, value] : rest;
}

/** The table's filters; each change goes to the address (and resets to the first page). */
export function WaitlistFilters({
  query,
  onChange,
}: {
  query: WaitlistQuery;
  onChange: (next: WaitlistQuery) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState(query.q ?? '');
  const set = (patch: Partial<WaitlistQuery>) => {
    onChange(without({ ...query, ...patch }, 'page'));
  };

  // Typing searches once the typist pauses, over the filters as they are then (not as they were
  // at the keystroke); the address keeps the last search. Only typing schedules a search, so
  // "Clear filters" cannot be undone by a search still waiting to go.
  const latestQuery = useRef(query);
  const pendingSearch = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    latestQuery.current = query;
  }, [query]);
  useEffect(
    () => () => {
      clearTimeout(pendingSearch.current);
    },
    [],
  );
  const searchOnPause = (value: string) => {
    clearTimeout(pendingSearch.current);
    pendingSearch.current = setTimeout(() => {
      const rest = without(latestQuery.current, 'page', 'q');
      onChange(value.trim() ? { ...rest, q: value } : rest);
    }, SEARCH_DELAY_MS);
  };

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-q`} className="text-sm font-medium">
          Search
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={search}
          maxLength={100}
          placeholder="Name, e-mail, phone or @handle"
          onChange={(event) => {
            setSearch(event.target.value);
            searchOnPause(event.target.value);
          }}
          className={fieldClass}
        />
      </div>
      <div className="flex flex-wrap gap-6">
        <fieldset>
          <legend className="text-sm font-medium">Status</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {ENTRY_STATUSES.map(({ value, label }) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={query.status?.includes(value) ?? false}
                  onChange={(event) => {
                    const status = toggled<EntryStatus>(query.status, value, event.target.checked);
                    set({ status: status.length > 0 ? status : undefined });
                  }}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium">User type</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {USER_TYPES.map(({ value, label }) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={query.userType?.includes(value) ?? false}
                  onChange={(event) => {
                    const userType = toggled<UserType>(query.userType, value, event.target.checked);
                    set({ userType: userType.length > 0 ? userType : undefined });
                  }}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-early`} className="text-sm font-medium">
            Early access
          </label>
          <select
            id={`${id}-early`}
            value={query.earlyAccess ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              set({ earlyAccess: value === 'true' || value === 'false' ? value : undefined });
            }}
            className={fieldClass}
          >
            <option value="">Any</option>
            <option value="true">Early access (seats 1–1,000)</option>
            <option value="false">No early access</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-medium">
            Joined from
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={query.from ?? ''}
            onChange={(event) => {
              set({ from: event.target.value || undefined });
            }}
            className={fieldClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-sm font-medium">
            Joined until
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={query.to ?? ''}
            onChange={(event) => {
              set({ to: event.target.value || undefined });
            }}
            className={fieldClass}
          />
        </div>
        <button
          type="button"
          onClick={() => {
            clearTimeout(pendingSearch.current);
            setSearch('');
            onChange({});
          }}
          className="rounded-lg px-3 py-2 text-sm font-medium text-indigo-800 hover:bg-indigo-50 dark:text-indigo-200 dark:hover:bg-indigo-950"
        >
          Clear filters
        </button>
      </div>
    </div>
  );
}
