import { useId, useState } from 'react';
import type { ExtractLineDto } from '@/api/generated/types.gen';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { QueryProblem } from '@/components/ui/page-header';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import {
  downloadLedger,
  fieldErrorsOf,
  type LedgerRange,
  useLedgerExtract,
} from '../api/reports-queries';
import { DownloadButtons } from './download-buttons';
import { indianToday } from './financial-years';

const PAGE_SIZES = [25, 50, 100] as const;
const FIELD =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

const kindLabels: Record<ExtractLineDto['kind'], string> = {
  funded: 'Funded by the brand',
  released: 'Released',
  settled: 'Settled to your bank',
  refunded: 'Refunded to the brand',
};
const accountLabels: Record<ExtractLineDto['account'], string> = {
  held: 'Held',
  releasing: 'Releasing',
  paid_out: 'Paid out',
};

const columns: ColumnDef<ExtractLineDto>[] = [
  { id: 'at', header: 'Date', cell: ({ row }) => formatDateTime(row.original.at) },
  { id: 'brand', header: 'Brand', cell: ({ row }) => row.original.brand },
  { id: 'deal', header: 'Deal', cell: ({ row }) => row.original.dealTitle || 'Deal' },
  { id: 'milestone', header: 'Milestone', cell: ({ row }) => row.original.milestoneName },
  { id: 'kind', header: 'What happened', cell: ({ row }) => kindLabels[row.original.kind] },
  { id: 'account', header: 'Account', cell: ({ row }) => accountLabels[row.original.account] },
  { id: 'amount', header: 'Amount', cell: ({ row }) => formatMoney(row.original.amountPaise) },
  {
    id: 'balance',
    header: 'Balance after',
    cell: ({ row }) => formatMoney(row.original.balanceAfterPaise),
  },
];

/** The first day of the financial year `today` is in (India time). */
function financialYearStart(today: string): string {
  const [year = 0, month = 1] = today.split('-').map(Number);
  return `${String(month >= 4 ? year : year - 1)}-04-01`;
}

/** The ledger extract: a range of days (India time), its lines, and downloads. */
export function LedgerExtractSection({ now }: { now?: Date }) {
  const id = useId();
  const today = indianToday(now);
  const [from, setFrom] = useState(financialYearStart(today));
  const [to, setTo] = useState(today);
  const [range, setRange] = useState<LedgerRange | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(25);
  const { data, error, isPending, isFetching } = useLedgerExtract(range, page, pageSize);
  const errors = fieldErrorsOf(error);
  const fieldError = (name: 'from' | 'to') =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className="text-sm text-red-800 dark:text-red-200">
        {errors[name]}
      </span>
    ) : null;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mb-1 text-xl font-semibold text-slate-900 dark:text-white">
        Ledger extract
      </h2>
      <p className="mb-4 max-w-2xl text-sm text-slate-700 dark:text-slate-300">
        Every movement of your money between two days (India time, both included; at most five
        years), with each account’s balance after it.
      </p>
      <form
        aria-label="Ledger extract range"
        className="mb-4 flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setRange({ from, to });
        }}
      >
        <div className="flex flex-col gap-1 text-sm text-slate-800 dark:text-slate-200">
          <label className="flex flex-col gap-1">
            From
            <input
              type="date"
              className={FIELD}
              value={from}
              max={today}
              aria-invalid={errors.from ? true : undefined}
              aria-describedby={errors.from ? `${id}-from-error` : undefined}
              onChange={(event) => {
                setFrom(event.target.value);
              }}
            />
          </label>
          {fieldError('from')}
        </div>
        <div className="flex flex-col gap-1 text-sm text-slate-800 dark:text-slate-200">
          <label className="flex flex-col gap-1">
            To
            <input
              type="date"
              className={FIELD}
              value={to}
              max={today}
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={errors.to ? `${id}-to-error` : undefined}
              onChange={(event) => {
                setTo(event.target.value);
              }}
            />
          </label>
          {fieldError('to')}
        </div>
        <button
          type="submit"
          className="rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
        >
          Show lines
        </button>
        {range && !error && (
          <DownloadButtons
            what={`ledger extract from ${range.from} to ${range.to}`}
            download={(as) => downloadLedger(range, as)}
          />
        )}
      </form>
      {range === null ? (
        <p className="text-slate-700 dark:text-slate-300">
          Choose the days and press “Show lines” to see the extract and download it.
        </p>
      ) : error ? (
        Object.keys(errors).length > 0 ? null : (
          <QueryProblem error={error} what="your ledger extract" />
        )
      ) : isPending ? (
        <LoadingIndicator label="Loading your ledger extract…" />
      ) : (
        <DataTable
          caption={`Ledger lines from ${range.from} to ${range.to}`}
          columns={columns}
          rows={data.items}
          getRowId={(line, index) => `${line.at}:${line.account}:${String(index)}`}
          paging={{ page, pageSize, total: data.total }}
          onPageChange={setPage}
          pageSizes={PAGE_SIZES}
          onPageSizeChange={(size) => {
            setPage(1);
            setPageSize(size);
          }}
          isFetching={isFetching}
          noun={['line', 'lines']}
          emptyState={
            <p className="py-6 text-center text-slate-700 dark:text-slate-300">
              No money moved between these days.
            </p>
          }
        />
      )}
    </section>
  );
}
