import { useState } from 'react';
import type { ComparisonDto } from '@/api/generated/types.gen';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { type PeriodQuery, rangeErrorsOf, useAnalytics } from '../api/insights-queries';
import { ChartWithTable } from './chart-with-table';
import { NoDealsYet } from './empty-insights';
import { flowRows, moneyRows, rupeesBar, speedRows, valueBar } from './figure-rows';
import { PeriodPicker } from './period-picker';
import { periodText } from './period-line';

const ALL_BRANDS = 'all';

function Definitions() {
  return (
    <section
      aria-labelledby="analytics-definitions"
      className="rounded-xl border border-slate-200 p-4 text-sm text-slate-800 dark:border-slate-700 dark:text-slate-200"
    >
      <h2
        id="analytics-definitions"
        className="text-base font-semibold text-slate-900 dark:text-white"
      >
        How these figures are counted
      </h2>
      <dl className="mt-2 grid gap-2">
        <dt className="font-medium">Money</dt>
        <dd>
          Each amount counts in the period its move happened in (funded, released, settled to your
          bank, refunded). Held: funded and not yet released or refunded at the end of the period.
          Releasing now: approved and not yet released at the end of the period.
        </dd>
        <dt className="font-medium">Speed</dt>
        <dd>
          Days from the brand accepting the deal to funding a milestone; from your first submission
          to the release; from the release to your bank. Median: the middle value (with an even
          count, the mean of the two middle ones). 90th percentile: the value 9 in 10 milestones
          were as fast as or faster than (nearest rank).
        </dd>
        <dt className="font-medium">Flow</dt>
        <dd>
          Milestones approved by the brand, automatically when the approval window ran out, or after
          a dispute; sent back for changes (with the average rounds); disputed; refunded.
        </dd>
        <dt className="font-medium">Time</dt>
        <dd>India time. The financial year runs from 1 April to 31 March.</dd>
      </dl>
    </section>
  );
}

function Figures({ comparison }: { comparison: ComparisonDto }) {
  const { current, previous } = comparison;
  const rounds = current.flow.averageRounds;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartWithTable title="Money" rows={moneyRows(current, previous)} chartValue={rupeesBar} />
      <ChartWithTable
        title="Speed in days"
        rows={speedRows(current, previous)}
        chartValue={valueBar}
      />
      <div className="flex min-w-0 flex-col gap-2">
        <ChartWithTable title="Flow of milestones" rows={flowRows(current, previous)} />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {rounds === null
            ? 'No milestone was sent back for changes in this period.'
            : `Milestones sent back took ${String(rounds)} rounds of changes on average.`}
        </p>
      </div>
    </div>
  );
}

/** /creator/dashboard/analytics: money, speed and flow for a period, beside the one before. */
export function AnalyticsPage() {
  const [query, setQuery] = useState<PeriodQuery>({ period: 'this_month' });
  const [brand, setBrand] = useState(ALL_BRANDS);
  const { data, error, isPending } = useAnalytics(query);
  const rangeErrors = rangeErrorsOf(error);
  const chosen =
    brand === ALL_BRANDS ? data?.overall : data?.brands.find((entry) => entry.brandKey === brand);
  return (
    <>
      <PageHeader
        title="Analytics"
        description="When your brands fund, approve and pay: from the moves Paylock records on every deal."
      />
      <div className="flex flex-col gap-6">
        <PeriodPicker value={query} onChange={setQuery} errors={rangeErrors} />
        {error && !rangeErrors ? (
          <QueryProblem error={error} what="your analytics" />
        ) : isPending ? (
          <LoadingIndicator label="Loading your analytics…" />
        ) : !data ? null : data.brands.length === 0 ? (
          <NoDealsYet>
            Analytics show how fast brands fund and pay once you have deals. Start one and send it
            to a brand.
          </NoDealsYet>
        ) : (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {periodText(data.period)}, compared with {periodText(data.previousPeriod)}.
            </p>
            <div className="max-w-xs">
              <SelectField
                label="Brand"
                placeholder="Choose a brand"
                value={brand}
                onChange={(event) => {
                  setBrand(event.target.value);
                }}
                options={[
                  { value: ALL_BRANDS, label: 'All brands' },
                  ...data.brands.map((entry) => ({
                    value: entry.brandKey,
                    label: entry.brandName,
                  })),
                ]}
              />
            </div>
            {chosen && <Figures comparison={chosen} />}
          </>
        )}
        <Definitions />
      </div>
    </>
  );
}
