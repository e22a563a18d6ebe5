import { Download } from 'lucide-react';
import { useState } from 'react';
import type { BookFiguresDto, BookRowDto } from '@/api/generated/types.gen';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { formatMoney } from '@/utils/format-money';
import { downloadBrandStatement, useBrandStatement } from '../api/brand-books';
import { financialYears, monthName } from './financial-years';

const FIELD =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const BUTTON =
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800';
const CELL = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

const FIGURES: readonly [string, (figures: BookFiguresDto) => string][] = [
  ['Invoices', (figures) => String(figures.invoiceCount)],
  ['Taxable value', (figures) => formatMoney(figures.taxablePaise)],
  ['CGST', (figures) => formatMoney(figures.cgstPaise)],
  ['SGST', (figures) => formatMoney(figures.sgstPaise)],
  ['IGST', (figures) => formatMoney(figures.igstPaise)],
  ['Invoiced', (figures) => formatMoney(figures.invoicedPaise)],
  ['Paid', (figures) => formatMoney(figures.paidPaise)],
  ['Refunded', (figures) => formatMoney(figures.refundedPaise)],
  [
    'TDS recorded',
    (figures) => (figures.tdsRecordedCount > 0 ? formatMoney(figures.tdsPaise) : 'Not recorded'),
  ],
];

function Downloads({ year }: { year: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        {(['csv', 'pdf'] as const).map((as) => (
          <button
            key={as}
            type="button"
            className={BUTTON}
            aria-label={`Download the statement for FY ${year} as ${as.toUpperCase()}`}
            onClick={() => {
              setFailed(false);
              downloadBrandStatement(year, as).catch(() => {
                setFailed(true);
              });
            }}
          >
            <Download aria-hidden="true" className="size-4" />
            {as.toUpperCase()}
          </button>
        ))}
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          The statement could not be downloaded. Please try again.
        </p>
      )}
    </div>
  );
}

function Line({ who, when, figures }: { who: string; when: string; figures: BookFiguresDto }) {
  return (
    <tr>
      <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
        {who}
      </th>
      <td className="px-3 py-2 whitespace-nowrap">{when}</td>
      {FIGURES.map(([label, value]) => (
        <td key={label} className={CELL}>
          {value(figures)}
        </td>
      ))}
    </tr>
  );
}

function StatementTable({
  year,
  rows,
  creators,
  totals,
}: {
  year: string;
  rows: readonly BookRowDto[];
  creators: readonly BookRowDto[];
  totals: BookFiguresDto;
}) {
  const caption = `Statement for FY ${year}, per creator and month`;
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm text-slate-900 dark:divide-slate-700 dark:text-slate-100">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Creator
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Month
            </th>
            {FIGURES.map(([label]) => (
              <th key={label} scope="col" className="px-3 py-2 text-right font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => (
            <Line
              key={`${row.creatorId}:${row.month}`}
              who={row.creatorName}
              when={monthName(row.month)}
              figures={row}
            />
          ))}
          {creators.map((row) => (
            <Line
              key={`${row.creatorId}:year`}
              who={row.creatorName}
              when="Whole year"
              figures={row}
            />
          ))}
          <Line who="All creators" when="Whole year" figures={totals} />
        </tbody>
      </table>
    </div>
  );
}

/**
 * /brand/statement (#40, item 4): the statement for the brand's own books, one financial year:
 * per creator and month, what creators invoiced (with GST), what it paid and got back, the TDS it
 * recorded; as CSV and PDF too.
 */
export function BrandStatementPage({ now }: { now?: Date }) {
  const years = financialYears(now);
  const [year, setYear] = useState(years[0] ?? '');
  const { data, error, isPending } = useBrandStatement(year);
  return (
    <>
      <PageHeader
        title="Statement"
        description="April to March, India time: what creators invoiced you, what you paid and got back, and the TDS you recorded."
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm text-slate-800 dark:text-slate-200">
          Financial year
          <select
            className={FIELD}
            value={year}
            onChange={(event) => {
              setYear(event.target.value);
            }}
          >
            {years.map((label) => (
              <option key={label} value={label}>
                FY {label}
              </option>
            ))}
          </select>
        </label>
        <Downloads year={year} />
      </div>
      {error ? (
        <QueryProblem error={error} what="your statement" />
      ) : isPending ? (
        <LoadingIndicator label="Loading your statement…" />
      ) : data.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700 dark:border-slate-600 dark:text-slate-300">
          Nothing was invoiced, paid or refunded in FY {data.financialYear}: the statement fills in
          as you fund milestones and creators invoice you.
        </p>
      ) : (
        <StatementTable
          year={data.financialYear}
          rows={data.rows}
          creators={data.creators}
          totals={data.totals}
        />
      )}
    </>
  );
}
