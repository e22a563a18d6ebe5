import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import type { WalletLineDto } from '@/api/generated/types.gen';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import {
  downloadTransactionsCsv,
  type TransactionFilters,
  useWallet,
  useWalletTransactions,
} from '../api/wallet-queries';

const PAGE_SIZES = [25, 50, 100] as const;

const kindLabels: Record<WalletLineDto['kind'], string> = {
  funded: 'Funded by the brand',
  released: 'Released',
  settled: 'Settled to your bank',
  refunded: 'Refunded to the brand',
};
const accountLabels: Record<WalletLineDto['account'], string> = {
  held: 'Held',
  releasing: 'Releasing',
  paid_out: 'Paid out',
};

const columns: ColumnDef<WalletLineDto>[] = [
  { id: 'at', header: 'Date', cell: ({ row }) => formatDateTime(row.original.at) },
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

const FIELD =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** Days as the date inputs give them (YYYY-MM-DD, India), to the API's instants. */
const startOfDay = (day: string) => (day ? `${day}T00:00:00+05:30` : undefined);
const endOfDay = (day: string) =>
  day
    ? new Date(new Date(`${day}T00:00:00+05:30`).getTime() + 86_400_000).toISOString()
    : undefined;

/** /creator/wallet/transactions: the ledger lines, paged and filtered by the server; CSV. */
export function TransactionsPage() {
  const id = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(25);
  const [dealId, setDealId] = useState('');
  const [kind, setKind] = useState<'' | WalletLineDto['kind']>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [downloadError, setDownloadError] = useState(false);
  const wallet = useWallet();
  const filters: TransactionFilters = {
    ...(dealId && { dealId }),
    ...(kind && { kind }),
    ...(from && { from: startOfDay(from) }),
    ...(to && { to: endOfDay(to) }),
  };
  const { data, error, isPending, isFetching } = useWalletTransactions({
    ...filters,
    page,
    pageSize,
  });
  const deals = new Map<string, string>();
  for (const figure of [wallet.data?.held, wallet.data?.releasing, wallet.data?.paidOut]) {
    for (const deal of figure?.deals ?? []) deals.set(deal.dealId, deal.dealTitle || 'Deal');
  }
  const changed = (apply: () => void) => {
    apply();
    setPage(1);
  };
  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every movement of your money in Paylock's ledger, with each account's balance after it: reconcile it with your bank statement."
        action={
          <button
            type="button"
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
            onClick={() => {
              setDownloadError(false);
              downloadTransactionsCsv(filters).catch(() => {
                setDownloadError(true);
              });
            }}
          >
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </button>
        }
      />
      {downloadError && (
        <p role="alert" className="mb-4 text-red-800 dark:text-red-200">
          The CSV could not be downloaded. Please try again.
        </p>
      )}
      <form
        aria-label="Filter transactions"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <label className="flex flex-col gap-1 text-sm text-slate-800 dark:text-slate-200">
          Deal
          <select
            id={`${id}-deal`}
            className={FIELD}
            value={dealId}
            onChange={(event) => {
              changed(() => {
                setDealId(event.target.value);
              });
            }}
          >
            <option value="">All deals</option>
            {[...deals].map(([value, title]) => (
              <option key={value} value={value}>
                {title}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-800 dark:text-slate-200">
          What happened
          <select
            className={FIELD}
            value={kind}
            onChange={(event) => {
              changed(() => {
                setKind(event.target.value as '' | WalletLineDto['kind']);
              });
            }}
          >
            <option value="">Everything</option>
            {Object.entries(kindLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-800 dark:text-slate-200">
          From
          <input
            type="date"
            className={FIELD}
            value={from}
            onChange={(event) => {
              changed(() => {
                setFrom(event.target.value);
              });
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-800 dark:text-slate-200">
          To
          <input
            type="date"
            className={FIELD}
            value={to}
            onChange={(event) => {
              changed(() => {
                setTo(event.target.value);
              });
            }}
          />
        </label>
      </form>
      {error ? (
        <QueryProblem error={error} what="your transactions" />
      ) : isPending ? (
        <LoadingIndicator label="Loading your transactions…" />
      ) : (
        <DataTable
          caption="Your transactions"
          columns={columns}
          rows={data.items}
          getRowId={(line) => `${line.transactionId}:${line.account}`}
          paging={{ page, pageSize, total: data.total }}
          onPageChange={setPage}
          pageSizes={PAGE_SIZES}
          onPageSizeChange={(size) => {
            changed(() => {
              setPageSize(size);
            });
          }}
          isFetching={isFetching}
          noun={['line', 'lines']}
          emptyState={
            <p className="py-6 text-center text-slate-700 dark:text-slate-300">
              No movements yet. They appear here when a brand funds a milestone.
            </p>
          }
        />
      )}
    </>
  );
}
