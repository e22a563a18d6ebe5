import { lazy, Suspense, useId } from 'react';
import { LoadingIndicator } from '@/components/ui/loading-indicator';

// Chart.js is a chunk of its own, loaded only by the pages that draw a chart.
const BarChart = lazy(async () => ({
  default: (await import('@/components/ui/bar-chart')).BarChart,
}));

export interface ChartRow {
  readonly label: string;
  /** This period's value: the bar. */
  readonly current: number;
  readonly previous: number;
  /** How to write a value in the table ("₹1,000", "3.5 days"). */
  readonly text: (value: number) => string;
}

/**
 * A figure family's chart (this period) and the same numbers, with the period before, as a table
 * behind a disclosure (as the admin charts show theirs): nothing depends on seeing the chart.
 */
export function ChartWithTable({
  title,
  rows,
  chartValue = (row) => row.current,
}: {
  title: string;
  rows: readonly ChartRow[];
  chartValue?: (row: ChartRow) => number;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <Suspense fallback={<LoadingIndicator label="Drawing the chart…" />}>
        <BarChart
          label={`${title}, this period`}
          labels={rows.map((row) => row.label)}
          values={rows.map(chartValue)}
          horizontal
        />
      </Suspense>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-indigo-800 dark:text-indigo-200">
          {title} as a table
        </summary>
        <div className="overflow-x-auto">
          <table className="mt-2 w-full text-sm text-slate-800 dark:text-slate-200">
            <caption className="sr-only">{title}: this period and the period before</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1 font-medium">
                  Figure
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  This period
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Period before
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className="py-1 text-left font-normal">
                    {row.label}
                  </th>
                  <td className="py-1 text-right">{row.text(row.current)}</td>
                  <td className="py-1 text-right">{row.text(row.previous)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
