import { useState } from 'react';
import type { BrandInvoiceDto } from '@/api/generated/types.gen';
import type { ColumnDef } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { QueryTable } from '@/components/ui/query-table';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import { downloadInvoicePdf, useBrandInvoices } from '../api/brand-books';

const PAGE_SIZE = 20;
const LINK_BUTTON =
  'rounded-lg border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800';

const gstOf = (invoice: BrandInvoiceDto) =>
  invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise;

function PdfButton({ invoice }: { invoice: BrandInvoiceDto }) {
  return (
    <button
      type="button"
      className={LINK_BUTTON}
      aria-label={`Download invoice ${invoice.number} as PDF`}
      onClick={() => {
        downloadInvoicePdf(invoice.id, invoice.number).catch(() => {
          notify.error('The invoice could not be downloaded. Please try again.');
        });
      }}
    >
      PDF
    </button>
  );
}

const COLUMNS: ColumnDef<BrandInvoiceDto>[] = [
  { id: 'number', header: 'Invoice', cell: ({ row }) => row.original.number },
  { id: 'creator', header: 'Creator', cell: ({ row }) => row.original.creatorName },
  {
    id: 'description',
    header: 'For',
    meta: { wrap: true },
    cell: ({ row }) => row.original.description,
  },
  { id: 'issued', header: 'Issued', cell: ({ row }) => formatDateTime(row.original.issuedAt) },
  {
    id: 'taxable',
    header: 'Taxable value',
    meta: { align: 'end' },
    cell: ({ row }) => formatMoney(row.original.taxablePaise),
  },
  {
    id: 'gst',
    header: 'GST',
    meta: { align: 'end' },
    cell: ({ row }) => formatMoney(gstOf(row.original)),
  },
  {
    id: 'total',
    header: 'Total',
    meta: { align: 'end' },
    cell: ({ row }) => formatMoney(row.original.totalPaise),
  },
  {
    id: 'tds',
    header: 'TDS you recorded',
    meta: { align: 'end' },
    cell: ({ row }) =>
      row.original.tdsPaise === null ? 'Not recorded' : formatMoney(row.original.tdsPaise),
  },
  {
    id: 'paid',
    header: 'Creator paid',
    cell: ({ row }) =>
      row.original.settledAt === null ? 'Not yet' : formatDateTime(row.original.settledAt),
  },
  { id: 'pdf', header: 'Download', cell: ({ row }) => <PdfButton invoice={row.original} /> },
];

/**
 * /brand/invoices (#40, item 4): the GST invoices creators issued to this workspace, newest first,
 * a page at a time from the server, each downloadable as its PDF.
 */
export function BrandInvoicesPage() {
  const [page, setPage] = useState(1);
  const result = useBrandInvoices(page, PAGE_SIZE);
  return (
    <>
      <PageHeader
        title="Invoices"
        description="The invoices creators issued to you for the deals you accepted from this workspace."
      />
      <QueryTable
        result={result}
        what="your invoices"
        page={page}
        pageSize={PAGE_SIZE}
        caption="Invoices issued to you"
        columns={COLUMNS}
        getRowId={(invoice) => invoice.id}
        onPageChange={setPage}
        noun={['invoice', 'invoices']}
        emptyState={
          <p className="text-sm text-slate-700 dark:text-slate-300">
            No invoices yet: a creator&apos;s invoice appears here once a milestone you funded is
            released to them.
          </p>
        }
      />
    </>
  );
}
