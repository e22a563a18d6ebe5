import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import type { ComingDayDto, InsightDto } from '@/api/generated/types.gen';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { formatMoney } from '@/utils/format-money';
import { type PeriodQuery, rangeErrorsOf, useInsights } from '../api/insights-queries';
import { NoDealsYet } from './empty-insights';
import { PeriodPicker } from './period-picker';
import { periodText } from './period-line';

const BarChart = lazy(async () => ({
  default: (await import('@/components/ui/bar-chart')).BarChart,
}));

const LINK = 'font-medium text-indigo-800 underline-offset-2 hover:underline dark:text-indigo-200';

const REASONS: Readonly<Record<string, string>> = {
  releasing: 'approved, releasing',
  approval_window_ends: 'approval window ends',
  settling: 'settling to your bank',
  after_delivery: 'after delivery and approval',
};

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayText = (key: string) => dayFormat.format(new Date(`${key}T00:00:00Z`));

function InsightItem({ insight }: { insight: InsightDto }) {
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <p className="text-base text-slate-900 dark:text-white">{insight.sentence}</p>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-indigo-800 dark:text-indigo-200">
          Evidence ({insight.evidenceCount})
        </summary>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {insight.evidence.map((item) => (
            <li key={`${item.dealId}:${item.milestoneId ?? ''}`}>
              <Link to={`/creator/contracts/${item.dealId}`} className={LINK}>
                {item.title}
              </Link>
            </li>
          ))}
          {insight.evidenceCount > insight.evidence.length && (
            <li className="text-slate-700 dark:text-slate-300">
              and {insight.evidenceCount - insight.evidence.length} more
            </li>
          )}
        </ul>
      </details>
    </li>
  );
}

function WhatsComing({ days }: { days: readonly ComingDayDto[] }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        What&apos;s coming
      </h2>
      {days.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No money is expected yet: it appears here once a brand funds a milestone.
        </p>
      ) : (
        <>
          <Suspense fallback={<LoadingIndicator label="Drawing the chart…" />}>
            <BarChart
              label="Money expected by day, in rupees"
              labels={days.map((day) => dayText(day.date))}
              values={days.map((day) => day.amountPaise / 100)}
            />
          </Suspense>
          <div className="overflow-x-auto">
            <table className="w-full text-sm text-slate-800 dark:text-slate-200">
              <caption className="sr-only">Money expected by day</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className="py-1 font-medium">
                    Day
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Milestones
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Expected
                  </th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr
                    key={day.date}
                    className="border-t border-slate-200 align-top dark:border-slate-700"
                  >
                    <th scope="row" className="py-1 text-left font-normal whitespace-nowrap">
                      {dayText(day.date)}
                    </th>
                    <td className="py-1">
                      <ul>
                        {day.items.map((item) => (
                          <li key={`${item.dealId}:${item.milestoneId ?? ''}`}>
                            <Link to={`/creator/contracts/${item.dealId}`} className={LINK}>
                              {item.title}
                            </Link>{' '}
                            ({REASONS[item.reason] ?? item.reason}, {formatMoney(item.amountPaise)})
                          </li>
                        ))}
                        {day.itemCount > day.items.length && (
                          <li>and {day.itemCount - day.items.length} more</li>
                        )}
                      </ul>
                    </td>
                    <td className="py-1 text-right">{formatMoney(day.amountPaise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** /creator/dashboard/insights: what the figures say, with evidence, and what's coming by day. */
export function InsightsPage() {
  const [query, setQuery] = useState<PeriodQuery>({ period: 'last_3_months' });
  const { data, error, isPending } = useInsights(query);
  const rangeErrors = rangeErrorsOf(error);
  return (
    <>
      <PageHeader
        title="Insights"
        description="Who pays on time and what is coming, in plain words, each with the deals behind it."
      />
      <div className="flex flex-col gap-6">
        <PeriodPicker value={query} onChange={setQuery} errors={rangeErrors} />
        {error && !rangeErrors ? (
          <QueryProblem error={error} what="your insights" />
        ) : isPending ? (
          <LoadingIndicator label="Loading your insights…" />
        ) : !data ? null : data.insights.length === 0 && data.coming.length === 0 ? (
          <NoDealsYet>
            Insights appear once brands fund and approve your milestones. Start a deal and send it
            to a brand.
          </NoDealsYet>
        ) : (
          <>
            <section aria-labelledby="insights-list" className="flex flex-col gap-3">
              <h2
                id="insights-list"
                className="text-base font-semibold text-slate-900 dark:text-white"
              >
                {periodText(data.period)}
              </h2>
              {data.insights.length === 0 ? (
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  Nothing stands out in this period: your brands fund and approve on time.
                </p>
              ) : (
                <ul className="flex flex-col gap-3">
                  {data.insights.map((insight) => (
                    <InsightItem key={insight.kind} insight={insight} />
                  ))}
                </ul>
              )}
            </section>
            <WhatsComing days={data.coming} />
          </>
        )}
      </div>
    </>
  );
}
