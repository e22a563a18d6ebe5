import { Download } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { WaitlistEntryDto } from '@/api/generated/types.gen';
import {
  type ColumnDef,
  DataTable,
  type RowSelectionState,
  type TableSort,
} from '@/components/ui/data-table';
import { notify } from '@/lib/notify';
import { useExportWaitlist, useWaitlistEntries } from '../api/admin-queries';
import {
  DEFAULT_PAGE_SIZE,
  exportQueryOf,
  PAGE_SIZES,
  queryFromSearchParams,
  searchParamsFromQuery,
  type SortField,
  statusLabel,
  userTypeLabel,
  type WaitlistQuery,
  without,
} from '../waitlist-query';
import { EntryDrawer } from './entry-drawer';
import { InviteNextControl, InviteSelectedButton } from './invite-controls';
import { QueryState } from './query-state';
import { RowActions } from './row-actions';
import { WaitlistFilters } from './waitlist-filters';

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

const SORT_FIELDS: readonly SortField[] = ['seat', 'name', 'joinedAt'];
const isSortField = (id: string): id is SortField =>
  (SORT_FIELDS as readonly string[]).includes(id);

/** The server's order as the table shows it: joinedAt, newest first, unless the query says. */
const sortOf = (query: WaitlistQuery): TableSort => ({
  id: query.sort ?? 'joinedAt',
  desc: (query.order ?? (query.sort ? 'asc' : 'desc')) === 'desc',
});

export function AdminWaitlistPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => queryFromSearchParams(searchParams), [searchParams]);
  const setQuery = useCallback(
    (next: WaitlistQuery) => {
      setSearchParams(searchParamsFromQuery(next), { replace: true });
    },
    [setSearchParams],
  );
  const { data, isPending, error, isFetching } = useWaitlistEntries(query);
  const [openEntry, setOpenEntry] = useState<string | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const exporter = useExportWaitlist();

  const onSortChange = useCallback(
    ({ id, desc }: TableSort) => {
      if (!isSortField(id)) return;
      setQuery({ ...without(query, 'page'), sort: id, order: desc ? 'desc' : 'asc' });
    },
    [query, setQuery],
  );

  const columns = useMemo<ColumnDef<WaitlistEntryDto>[]>(
    () => [
      {
        id: 'seat',
        header: 'Seat',
        enableSorting: true,
        cell: ({ row }) => row.original.seat ?? '—',
      },
      {
        id: 'name',
        header: 'Name',
        enableSorting: true,
        cell: ({ row }) => (
          <button
            type="button"
            onClick={() => {
              setOpenEntry(row.original.id);
            }}
            className="text-left font-medium text-indigo-800 underline-offset-2 hover:underline dark:text-indigo-200"
          >
            {row.original.fullName}
          </button>
        ),
      },
      { id: 'email', header: 'E-mail', cell: ({ row }) => row.original.email },
      { id: 'phone', header: 'Phone', cell: ({ row }) => row.original.phone },
      { id: 'userType', header: 'Type', cell: ({ row }) => userTypeLabel(row.original.userType) },
      { id: 'status', header: 'Status', cell: ({ row }) => statusLabel(row.original.status) },
      {
        id: 'joinedAt',
        header: 'Joined',
        enableSorting: true,
        cell: ({ row }) => day.format(new Date(row.original.joinedAt)),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => <RowActions entry={row.original} onOpen={setOpenEntry} />,
      },
    ],
    [],
  );

  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const selected = Object.keys(selection).length;

  const exportCsv = () => {
    exporter.mutate(exportQueryOf(query), {
      onSuccess: (fileName) => {
        notify.success(`Exported ${fileName}`);
      },
      onError: (failure) => {
        notify.error(failure.message);
      },
    });
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Waitlist</h1>
        <InviteNextControl />
        <button
          type="button"
          onClick={exportCsv}
          disabled={exporter.isPending}
          className="inline-flex items-center gap-2 rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 disabled:opacity-60"
        >
          <Download aria-hidden="true" className="size-4" />
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      <WaitlistFilters query={query} onChange={setQuery} />
      {selected > 0 && (
        <div className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          <p className="flex flex-wrap items-center gap-2">
            <InviteSelectedButton
              entryIds={Object.keys(selection)}
              onDone={() => {
                setSelection({});
              }}
            />
            {selected} selected ·{' '}
            <button
              type="button"
              onClick={() => {
                setSelection({});
              }}
              className="font-medium text-indigo-800 underline dark:text-indigo-200"
            >
              Clear selection
            </button>
          </p>
        </div>
      )}
      <QueryState isPending={isPending} error={error} label="waitlist">
        <div className="mt-4">
          <DataTable
            caption="Waitlist entries"
            columns={columns}
            rows={data?.items ?? []}
            getRowId={(entry) => entry.id}
            sort={sortOf(query)}
            onSortChange={onSortChange}
            paging={{ page, pageSize, total: data?.total ?? 0 }}
            onPageChange={(next) => {
              setQuery({ ...query, page: next > 1 ? next : undefined });
            }}
            pageSizes={PAGE_SIZES}
            onPageSizeChange={(size) => {
              const rest = without(query, 'page');
              setQuery(
                size === DEFAULT_PAGE_SIZE
                  ? { ...rest, pageSize: undefined }
                  : { ...rest, pageSize: size },
              );
            }}
            selection={{
              selected: selection,
              onChange: setSelection,
              rowLabel: (entry) => entry.fullName,
            }}
            noun={['entry', 'entries']}
            isFetching={isFetching}
            emptyState={
              <p className="text-slate-600 dark:text-slate-300">No entries match these filters.</p>
            }
          />
        </div>
      </QueryState>
      <EntryDrawer
        entryId={openEntry}
        onClose={() => {
          setOpenEntry(null);
        }}
      />
    </>
  );
}
