interface PageButtonsProps {
  readonly page: number;
  readonly pages: number;
  readonly onPage: (page: number) => void;
}

const BUTTON_CLASS =
  'rounded-lg border border-slate-300 px-3 py-1 disabled:opacity-50 dark:border-slate-700';

/** Previous, "Page N of M", Next: the paging of every back-office table. */
export function PageButtons({ page, pages, onPage }: PageButtonsProps) {
  return (
    <>
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => {
          onPage(page - 1);
        }}
        className={BUTTON_CLASS}
      >
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => {
          onPage(page + 1);
        }}
        className={BUTTON_CLASS}
      >
        Next
      </button>
    </>
  );
}
