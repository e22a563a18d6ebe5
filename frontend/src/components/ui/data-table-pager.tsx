import { useId } from 'react';

/** The server's page: which page (1-based), how many rows per page, how many rows in all. */
export interface TablePage {
  page: number;
  pageSize: number;
  total: number;
}

const PAGER_BUTTON =
  'rounded-lg border border-slate-300 px-3 py-1 font-medium hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800';

/** The pager under a server-paged table: "Rows per page", Previous, "Page N of M", Next. */
export function Pager({
  paging,
  pages,
  onPageChange,
  pageSizes,
  onPageSizeChange,
}: {
  paging: TablePage;
  pages: number;
  onPageChange?: ((page: number) => void) | undefined;
  pageSizes?: readonly number[] | undefined;
  onPageSizeChange?: ((pageSize: number) => void) | undefined;
}) {
  const sizeId = useId();
  return (
    <nav
      aria-label="Pages"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      {pageSizes && onPageSizeChange ? (
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId}>Rows per page</label>
          <select
            id={sizeId}
            value={paging.pageSize}
            onChange={(event) => {
              onPageSizeChange(Number(event.target.value));
            }}
            className="rounded-lg border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <span />
      )}
      <div className="flex items-center gap-2">
        <button
          type="button"
          disabled={paging.page <= 1 || !onPageChange}
          onClick={() => onPageChange?.(paging.page - 1)}
          className={PAGER_BUTTON}
        >
          Previous
        </button>
        <span>
          Page {paging.page} of {pages}
        </span>
        <button
          type="button"
          disabled={paging.page >= pages || !onPageChange}
          onClick={() => onPageChange?.(paging.page + 1)}
          className={PAGER_BUTTON}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
