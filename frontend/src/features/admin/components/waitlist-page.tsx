import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { WaitlistEntryDto } from '@/api/generated/types.gen';
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
import { PageButtons } from './page-buttons';

const numbers = new Intl.NumberFormat('en-IN');
const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

function SortButton({
  field,
  label,
  query,
  onSort,
}: {
  field: SortField;
  label: string;
  query: WaitlistQuery;
  onSort: (field: SortField) => void;
}) {
  const active = (query.sort ?? 'joinedAt') === field;
  const order = query.order ?? (query.sort ? 'asc' : 'desc');
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => {
        onSort(field);
      }}
      className="inline-flex items-center gap-1 font-semibold hover:text-indigo-800 dark:hover:text-indigo-200"
    >
      {label}
      <Icon aria-hidden="true" className="size-3.5" />
      {active && (
        <span className="sr-only">(sorted {order === 'asc' ? 'ascending' : 'descending'})</span>
      )}
    </button>
  );
}

const ariaSort = (query: WaitlistQuery, field: SortField) => {
  if ((query.sort ?? 'joinedAt') !== field) return undefined;
  return (query.order ?? (query.sort ? 'asc' : 'desc')) === 'asc' ? 'ascending' : 'descending';
};

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

  const onSort = useCallback(
    (field: SortField) => {
      const current = query.sort ?? 'joinedAt';
      const currentOrder = query.order ?? (query.sort ? 'asc' : 'desc');
      const order = current === field && currentOrder === 'asc' ? 'desc' : 'asc';
      setQuery({ ...without(query, 'page'), sort: field, order });
    },
    [query, setQuery],
  );

  const columns = useMemo<ColumnDef<WaitlistEntryDto>[]>(
    () => [
      {
        id: 'select',
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label="Select every entry on this page"
            checked={table.getIsAllPageRowsSelected()}
            ref={(input) => {
              if (input) input.indeterminate = table.getIsSomePageRowsSelected();
            }}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`Select ${row.original.fullName}`}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      {
        id: 'seat',
        header: () => <SortButton field="seat" label="Seat" query={query} onSort={onSort} />,
        cell: ({ row }) => row.original.seat ?? '—',
      },
      {
        id: 'name',
        header: () => <SortButton field="name" label="Name" query={query} onSort={onSort} />,
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
        header: () => <SortButton field="joinedAt" label="Joined" query={query} onSort={onSort} />,
        cell: ({ row }) => day.format(new Date(row.original.joinedAt)),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => <RowActions entry={row.original} onOpen={setOpenEntry} />,
      },
    ],
    [query, onSort],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- the table instance is rebuilt per render by design; nothing memoises it
  const table = useReactTable({
    data: data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
    enableRowSelection: true,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
  });

  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const selected = Object.keys(selection).length;
  const sortableColumns: Record<string, SortField> = {
    seat: 'seat',
    name: 'name',
    joinedAt: 'joinedAt',
  };

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
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700 dark:text-slate-300">
        <p role="status" aria-live="polite">
          {data ? `${numbers.format(total)} ${total === 1 ? 'entry' : 'entries'}` : ''}
          {isFetching && data ? ' · updating…' : ''}
        </p>
        {selected > 0 && (
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
        )}
      </div>
      <QueryState isPending={isPending} error={error} label="waitlist">
        <div className="mt-2 overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Waitlist entries, page {page} of {pages}
            </caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const field = sortableColumns[header.column.id];
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={field ? ariaSort(query, field) : undefined}
                        className="px-3 py-2 whitespace-nowrap"
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  aria-selected={row.getIsSelected()}
                  className="border-t border-slate-100 aria-selected:bg-indigo-50 dark:border-slate-800 dark:aria-selected:bg-indigo-950"
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2 whitespace-nowrap">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
              {table.getRowModel().rows.length === 0 && (
                <tr>
                  <td
                    colSpan={columns.length}
                    className="px-3 py-8 text-center text-slate-600 dark:text-slate-300"
                  >
                    No entries match these filters.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </QueryState>
      <nav
        aria-label="Pages"
        className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
      >
        <div className="flex items-center gap-2">
          <label htmlFor="admin-page-size">Rows per page</label>
          <select
            id="admin-page-size"
            value={pageSize}
            onChange={(event) => {
              const rest = without(query, 'page');
              const size = Number(event.target.value);
              setQuery(
                size === DEFAULT_PAGE_SIZE
                  ? { ...rest, pageSize: undefined }
                  : { ...rest, pageSize: size },
              );
            }}
            className="rounded-lg border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <PageButtons
            page={page}
            pages={pages}
            onPage={(next) => {
              setQuery({ ...query, page: next > 1 ? next : undefined });
            }}
          />
        </div>
      </nav>
      <EntryDrawer
        entryId={openEntry}
        onClose={() => {
          setOpenEntry(null);
        }}
      />
    </>
  );
}
