import { Link } from 'react-router';
import { useId, useState } from 'react';
import type { StatementFiguresDto, StatementRowDto } from '@/api/generated/types.gen';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { QueryProblem } from '@/components/ui/page-header';
import { creatorSectionPath } from '@/config/paths';
import { formatMoney } from '@/utils/format-money';
import { downloadStatement, useStatement } from '../api/reports-queries';
import { DownloadButtons } from './download-buttons';
import { financialYears, monthName } from './financial-years';

const FIELD =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const CELL = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
const HEAD = 'px-3 py-2 text-right font-semibold whitespace-nowrap';

/** TDS as recorded, or "Not recorded" when no invoice counted has it (never "no TDS"). */
const tds = (figures: StatementFiguresDto) =>
  figures.tdsRecordedCount > 0 ? formatMoney(figures.tdsPaise) : 'Not recorded';

const FIGURES: readonly [string, (figures: StatementFiguresDto) => string][] = [
  ['Invoices', (figures) => String(figures.invoiceCount)],
  ['Taxable value', (figures) => formatMoney(figures.taxablePaise)],
  ['CGST', (figures) => formatMoney(figures.cgstPaise)],
  ['SGST', (figures) => formatMoney(figures.sgstPaise)],
  ['IGST', (figures) => formatMoney(figures.igstPaise)],
  ['Invoiced', (figures) => formatMoney(figures.invoicedPaise)],
  ['Received', (figures) => formatMoney(figures.receivedPaise)],
  ['Refunded', (figures) => formatMoney(figures.refundedPaise)],
  ['TDS recorded', tds],
];

function Totals({ totals }: { totals: StatementFiguresDto }) {
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {FIGURES.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900 dark:text-white">
            {value(totals)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function StatementTable({
  caption,
  rows,
  brands,
  totals,
}: {
  caption: string;
  rows: readonly StatementRowDto[];
  brands: readonly StatementRowDto[];
  totals: StatementFiguresDto;
}) {
  const line = (
    key: string,
    brand: string,
    month: string,
    figures: StatementFiguresDto,
    strong = false,
  ) => (
    <tr key={key} className={strong ? 'font-semibold' : undefined}>
      <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
        {brand}
      </th>
      <td className="px-3 py-2 whitespace-nowrap">{month}</td>
      {FIGURES.map(([label, value]) => (
        <td key={label} className={CELL}>
          {value(figures)}
        </td>
      ))}
    </tr>
  );
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
              Brand
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Month
            </th>
            {FIGURES.map(([label]) => (
              <th key={label} scope="col" className={HEAD}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) =>
            line(`${row.brand}:${row.month}`, row.brand, monthName(row.month), row),
          )}
          {brands.map((row) => line(`${row.brand}:year`, row.brand, 'Whole year', row, true))}
          {line('all', 'All brands', 'Whole year', totals, true)}
        </tbody>
      </table>
    </div>
  );
}

/** The financial-year statement: the year picker, the totals, per brand and month, downloads. */
export function StatementSection({ now }: { now?: Date }) {
  const id = useId();
  const years = financialYears(now);
  const [year, setYear] = useState(years[0] ?? '');
  const { data, error, isPending } = useStatement(year);
  return (
    <section aria-labelledby={`${id}-title`} className="mb-10">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900 dark:text-white">
            Financial-year statement
          </h2>
          <p className="max-w-2xl text-sm text-slate-700 dark:text-slate-300">
            April to March, India time. Invoiced figures are your issued invoices; received and
            refunded come from your ledger; TDS is what the brand recorded against an invoice.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
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
          <DownloadButtons
            what={`statement for FY ${year}`}
            download={(as) => downloadStatement(year, as)}
          />
        </div>
      </div>
      {error ? (
        <QueryProblem error={error} what="your statement" />
      ) : isPending ? (
        <LoadingIndicator label="Loading your statement…" />
      ) : data.rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-700 dark:border-slate-600 dark:text-slate-300">
          <p>
            Nothing was invoiced, received or refunded in FY {data.financialYear}. Your statement
            fills in as brands fund and approve your milestones.
          </p>
          <Link
            to={`${creatorSectionPath('contracts')}/new`}
            className="mt-3 inline-block font-semibold text-indigo-700 underline dark:text-indigo-300"
          >
            Start a deal
          </Link>
        </div>
      ) : (
        <>
          {data.pendingChanges > 0 && (
            <p role="status" className="mb-3 text-sm text-amber-800 dark:text-amber-200">
              Updating: {data.pendingChanges} recent movements are not in these figures yet.
            </p>
          )}
          <Totals totals={data.totals} />
          <StatementTable
            caption={`Statement for FY ${data.financialYear}, per brand and month`}
            rows={data.rows}
            brands={data.brands}
            totals={data.totals}
          />
          {data.totals.tdsRecordedCount === 0 && (
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              No brand has recorded TDS against your invoices this year: “Not recorded” does not
              mean none was deducted. Check Form 26AS.
            </p>
          )}
        </>
      )}
    </section>
  );
}
