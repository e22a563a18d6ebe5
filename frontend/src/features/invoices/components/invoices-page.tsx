import { Download, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { InvoiceDto } from '@/api/generated/types.gen';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge';
import { creatorPagePath } from '@/config/paths';
import { formatMoney } from '@/utils/format-money';
import { downloadInvoice, type InvoiceView, useInvoices } from '../api/invoices-queries';

const PAGE_SIZES = [20, 50, 100] as const;

const paymentTexts: Record<InvoiceDto['payment'], { label: string; tone: StatusTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  overdue: { label: 'Overdue', tone: 'danger' },
};

function DownloadButton({ invoice }: { invoice: InvoiceDto }) {
  const [failed, setFailed] = useState(false);
  if (invoice.status !== 'issued') return <span>Being issued</span>;
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        aria-label={`PDF of invoice ${invoice.number ?? ''}`}
        className="inline-flex items-center gap-1 font-medium text-indigo-800 hover:underline dark:text-indigo-200"
        onClick={() => {
          setFailed(false);
          downloadInvoice(invoice).catch(() => {
            setFailed(true);
          });
        }}
      >
        <Download aria-hidden="true" className="size-4" />
        PDF
      </button>
      {failed && <span role="alert">Download failed</span>}
    </span>
  );
}

const columns: ColumnDef<InvoiceDto>[] = [
  { id: 'number', header: 'Number', cell: ({ row }) => row.original.number ?? 'To be issued' },
  { id: 'description', header: 'For', cell: ({ row }) => row.original.description },
  { id: 'brand', header: 'Brand', cell: ({ row }) => row.original.recipient.name },
  {
    id: 'kind',
    header: 'Kind',
    cell: ({ row }) => (row.original.kind === 'tax_invoice' ? 'Tax invoice' : 'Bill of supply'),
  },
  { id: 'total', header: 'Total', cell: ({ row }) => formatMoney(row.original.totalPaise) },
  {
    id: 'net',
    header: 'Net of TDS',
    cell: ({ row }) =>
      row.original.tds
        ? `${formatMoney(row.original.netPaise)} (TDS ${formatMoney(row.original.tds.amountPaise)}, ${row.original.tds.certificateNumber})`
        : formatMoney(row.original.netPaise),
  },
  { id: 'due', header: 'Due', cell: ({ row }) => row.original.dueDate },
  {
    id: 'payment',
    header: 'Payment',
    cell: ({ row }) => {
      const text = paymentTexts[row.original.payment];
      return <StatusBadge tone={text.tone}>{text.label}</StatusBadge>;
    },
  },
  { id: 'pdf', header: 'PDF', cell: ({ row }) => <DownloadButton invoice={row.original} /> },
];

const texts: Record<InvoiceView, { title: string; description: string; empty: string }> = {
  all: {
    title: 'Invoices',
    description:
      'One invoice per released milestone, issued in your name to the brand and e-mailed to them.',
    empty: 'Your invoices appear here when a brand’s payment for a milestone is released.',
  },
  pending: {
    title: 'Pending invoices',
    description: 'Released milestones not yet settled to your bank.',
    empty: 'Nothing pending.',
  },
  paid: {
    title: 'Paid invoices',
    description: 'Invoices whose milestone was settled to your bank account.',
    empty: 'No paid invoices yet.',
  },
  overdue: {
    title: 'Overdue invoices',
    description: 'Approved milestones not settled after their due date.',
    empty: 'Nothing overdue.',
  },
};

/** /creator/invoices and its views: the creator's invoices, paged by the server. */
export function InvoicesPage({ view }: { view: InvoiceView }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(20);
  const { data, error, isPending, isFetching } = useInvoices(view, page, pageSize);
  const text = texts[view];
  return (
    <>
      <PageHeader
        title={text.title}
        description={text.description}
        action={
          <Link
            to={creatorPagePath('invoices', 'create')}
            className="inline-flex items-center gap-2 rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
          >
            Create invoice
          </Link>
        }
      />
      <p className="mb-4 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        Tax note, not tax advice: a brand may deduct TDS under the Income-tax Act before paying you.
        When it records the amount and certificate number against an invoice, you see it here and
        the net you receive.
      </p>
      {error ? (
        <QueryProblem error={error} what="your invoices" />
      ) : isPending ? (
        <LoadingIndicator label="Loading your invoices…" />
      ) : (
        <DataTable
          caption={text.title}
          columns={columns}
          rows={data.items}
          getRowId={(invoice) => invoice.id}
          paging={{ page, pageSize, total: data.total }}
          onPageChange={setPage}
          pageSizes={PAGE_SIZES}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          isFetching={isFetching}
          noun={['invoice', 'invoices']}
          emptyState={
            <EmptyState title={`No ${text.title.toLowerCase()}`} icon={Receipt}>
              {text.empty}
            </EmptyState>
          }
        />
      )}
    </>
  );
}
