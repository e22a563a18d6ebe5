import {
  type Column,
  type ColumnDef,
  flexRender,
  functionalUpdate,
  getCoreRowModel,
  type Header,
  type PaginationState,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useScrollsSideways } from '@/hooks/use-scrolls-sideways';
import { Pager, type TablePage } from './data-table-pager';

/**
 * DataTable: one server page of rows on TanStack Table. The server filters, sorts and pages; the
 * table shows that state and asks for another page or order. Every list of the app uses it (the
 * admin tables, the deals lists; the wallet's next). The whole API, smallest first:
 *
 *   <DataTable
 *     caption="Outbox messages"                 // what it lists (read before the rows)
 *     columns={COLUMNS}                         // ColumnDef<Row>[]; `enableSorting: true` = sortable
 *     rows={data?.items ?? []}                  // this page's rows, as the server sent them
 *     getRowId={(row) => row.id}
 *     emptyState={<p>Nothing yet.</p>}          // shown instead of the table when there are no rows
 *     paging={{ page, pageSize, total }}        // optional: server paging, with a pager
 *     onPageChange={setPage}
 *     sort={{ id: 'name', desc: false }}        // optional: the server's order (aria-sort)
 *     onSortChange={setSort}                    // a click: same column flips, another sorts ascending
 *     pageSizes={[25, 50, 100]} onPageSizeChange={setPageSize}   // optional "Rows per page"
 *     selection={{ selected, onChange, rowLabel }}              // optional checkboxes, by row id
 *     noun={['message', 'messages']} isFetching={isFetching}    // optional "N messages · updating…"
 *     footer={<tr>…</tr>}                       // optional: rows under the table's body (a total)
 *   />
 *
 * A column's `meta` says how its cells read: `{ align: 'end' }` for amounts and counts (right-aligned
 * with their header), `{ wrap: true }` for sentences (cells otherwise stay on one line). A short
 * list the page has in full is the same table without `paging`.
 *
 * Loading and error states stay with the page (the table shows data it has).
 */
export type { ColumnDef, PaginationState, RowSelectionState, SortingState };
export type { TablePage } from './data-table-pager';

declare module '@tanstack/react-table' {
  // The type parameters must match TanStack's own declaration, though these fields use neither.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** `end`: right-aligned cells and header (amounts, counts). */
    align?: 'end';
    /** The cells may wrap onto several lines (sentences); otherwise each stays on one line. */
    wrap?: boolean;
  }
}

/** One column sorted on the server: the column's id and its direction. */
export interface TableSort {
  id: string;
  desc: boolean;
}

export interface DataTableProps<Row> {
  /** What the table lists, read by screen readers before the rows ("Your contracts"). */
  caption: string;
  /** Shows the caption on screen too (as a heading-like line above the table). */
  showCaption?: boolean;
  columns: ColumnDef<Row>[];
  /** The rows of the current page, as the server sent them (the table never sorts or slices). */
  rows: readonly Row[];
  /** A row's key, unique on the page (`index`: its place on the page, for rows without an id). */
  getRowId: (row: Row, index: number) => string;
  /**
   * The column sorted by the server; columns with `enableSorting: true` get a sort button, and the
   * header says how it is sorted (aria-sort).
   */
  sort?: TableSort | undefined;
  onSortChange?: (sort: TableSort) => void;
  /** Server paging; without it the table shows every row it is given and no pager. */
  paging?: TablePage | undefined;
  onPageChange?: (page: number) => void;
  /** Offered page sizes; with `onPageSizeChange`, the pager shows a "Rows per page" select. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
  /** Rows can be ticked: a checkbox column is added first. `rowLabel` names a row for its box. */
  selection?: {
    selected: RowSelectionState;
    onChange: (selected: RowSelectionState) => void;
    rowLabel: (row: Row) => string;
  };
  /** Shown in place of the rows when there are none: say what to do next. */
  emptyState: ReactNode;
  /** True while a newer page is on its way (the current one stays on screen). */
  isFetching?: boolean;
  /** How to count the rows in the status line: ['contract', 'contracts']. */
  noun?: readonly [singular: string, plural: string];
  /** Rows under the body, in the table's `<tfoot>` (a total). */
  footer?: ReactNode;
}

const SELECT_COLUMN = '__select';

function selectColumn<Row>(rowLabel: (row: Row) => string): ColumnDef<Row> {
  return {
    id: SELECT_COLUMN,
    enableSorting: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select every row on this page"
        checked={table.getIsAllPageRowsSelected()}
        ref={(input) => {
          if (input) input.indeterminate = table.getIsSomePageRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
        className="size-4 accent-indigo-700"
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${rowLabel(row.original)}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
        className="size-4 accent-indigo-700"
      />
    ),
  };
}

/** A cell's or header's class: its column's alignment and wrapping (`meta`). */
function cellClass<Row>(column: Column<Row>) {
  const meta = column.columnDef.meta;
  return `px-3 py-2${meta?.wrap ? '' : ' whitespace-nowrap'}${meta?.align === 'end' ? ' text-right' : ''}`;
}

/** Sortable columns say so with `enableSorting: true` (they need no accessor: the server sorts). */
const canSort = <Row,>(header: Header<Row, unknown>) =>
  header.column.columnDef.enableSorting === true;

function ariaSortOf<Row>(header: Header<Row, unknown>) {
  if (!canSort(header)) return undefined;
  const sorted = header.column.getIsSorted();
  if (sorted === false) return 'none';
  return sorted === 'asc' ? 'ascending' : 'descending';
}

function HeaderContent<Row>({
  header,
  onSort,
}: {
  header: Header<Row, unknown>;
  onSort: (id: string) => void;
}) {
  const content = flexRender(header.column.columnDef.header, header.getContext());
  if (!canSort(header)) return content;
  const sorted = header.column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={() => {
        onSort(header.column.id);
      }}
      className="inline-flex items-center gap-1 rounded font-semibold hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-indigo-200"
    >
      {content}
      <Icon aria-hidden="true" className="size-3.5" />
    </button>
  );
}

/**
 * A table of one server page of rows, on TanStack Table: the server sorts and pages, the table
 * shows its state (aria-sort on the sorted header, "Page N of M") and asks for other pages and
 * orders. With `selection`, rows can be ticked (selection is by row id, so it survives a refetch).
 */
export function DataTable<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  getRowId,
  sort,
  onSortChange,
  paging,
  onPageChange,
  pageSizes,
  onPageSizeChange,
  selection,
  emptyState,
  isFetching = false,
  noun,
  footer,
}: DataTableProps<Row>) {
  const sorting: SortingState = sort ? [sort] : [];
  const allColumns = selection ? [selectColumn(selection.rowLabel), ...columns] : columns;
  const pagination: PaginationState = {
    pageIndex: (paging?.page ?? 1) - 1,
    pageSize: paging?.pageSize ?? Math.max(rows.length, 1),
  };

  // eslint-disable-next-line react-hooks/incompatible-library -- the table instance is rebuilt per render by design; nothing memoises it
  const table = useReactTable<Row>({
    data: rows as Row[],
    columns: allColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row, index) => getRowId(row, index),
    defaultColumn: { enableSorting: false },
    state: { sorting, pagination, rowSelection: selection?.selected ?? {} },
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    rowCount: paging?.total ?? rows.length,
    enableRowSelection: selection !== undefined,
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      selection?.onChange(functionalUpdate(updater, selection.selected));
    },
  });

  // A click on the sorted column turns its order round; on another column, sorts it ascending.
  const toggleSort = (id: string) => {
    onSortChange?.({ id, desc: sort?.id === id ? !sort.desc : false });
  };

  const total = paging?.total ?? rows.length;
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.pageSize)) : 1;
  const tableRows = table.getRowModel().rows;
  const captionText = paging && pages > 1 ? `${caption}, page ${paging.page} of ${pages}` : caption;
  const captionId = useId();
  const [scroller, scrolls] = useScrollsSideways();

  return (
    <div>
      {noun && (
        <p
          role="status"
          aria-live="polite"
          className="mb-2 text-sm text-slate-700 dark:text-slate-300"
        >
          {total.toLocaleString('en-IN')} {total === 1 ? noun[0] : noun[1]}
          {isFetching ? ' · updating…' : ''}
        </p>
      )}
      {tableRows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
          {emptyState}
        </div>
      ) : (
        <div
          ref={scroller}
          {...(scrolls && { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 })}
          className="overflow-x-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-800 dark:bg-slate-900"
        >
          <table className="w-full text-left text-sm">
            <caption
              id={captionId}
              className={
                showCaption
                  ? 'px-3 py-2 text-left font-semibold text-slate-900 dark:text-white'
                  : 'sr-only'
              }
            >
              {captionText}
            </caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={ariaSortOf(header)}
                      className={cellClass(header.column)}
                    >
                      {header.isPlaceholder ? null : (
                        <HeaderContent header={header} onSort={toggleSort} />
                      )}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {tableRows.map((row) => (
                <tr
                  key={row.id}
                  aria-selected={selection ? row.getIsSelected() : undefined}
                  className="border-t border-slate-100 aria-selected:bg-indigo-50 dark:border-slate-800 dark:aria-selected:bg-indigo-950"
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cellClass(cell.column)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {footer && <tfoot>{footer}</tfoot>}
          </table>
        </div>
      )}
      {paging && (total > 0 || paging.page > 1) && (
        <Pager
          paging={paging}
          pages={pages}
          onPageChange={onPageChange}
          pageSizes={pageSizes}
          onPageSizeChange={onPageSizeChange}
        />
      )}
    </div>
  );
}
