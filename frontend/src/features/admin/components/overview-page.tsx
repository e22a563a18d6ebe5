import { type ComponentProps, lazy, Suspense, useMemo } from 'react';
import type { ReconciliationDifferenceDto, WaitlistOverviewDto } from '@/api/generated/types.gen';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import { useInviteWaves, useReconciliation, useWaitlistOverview } from '../api/admin-queries';
import { userTypeLabel } from '../waitlist-query';
import { QueryState } from './query-state';

// Chart.js (about 52 kB) is a chunk of its own: the overview's figures and tables show first.
const LazyBarChart = lazy(async () => ({
  default: (await import('@/components/ui/bar-chart')).BarChart,
}));

/** The chart in the space it will take, so nothing moves when Chart.js arrives. */
function BarChart(props: ComponentProps<typeof LazyBarChart>) {
  return (
    <Suspense fallback={<div className="h-64" aria-hidden="true" />}>
      <LazyBarChart {...props} />
    </Suspense>
  );
}

const numbers = new Intl.NumberFormat('en-IN');
const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

function Figures({ overview }: { overview: WaitlistOverviewDto }) {
  const days = useMemo(() => overview.signUpsPerDay.map(({ day }) => dayLabel(day)), [overview]);
  const perDay = useMemo(() => overview.signUpsPerDay.map(({ count }) => count), [overview]);
  const types = useMemo(
    () => overview.byUserType.map(({ userType }) => userTypeLabel(userType)),
    [overview],
  );
  const perType = useMemo(() => overview.byUserType.map(({ count }) => count), [overview]);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
        <Stat label="Entries" value={numbers.format(overview.entries)} />
        <Stat label="Confirmed" value={numbers.format(overview.confirmed)} />
        <Stat label="Awaiting confirmation" value={numbers.format(overview.awaitingConfirmation)} />
        <Stat label="Invited" value={numbers.format(overview.invited)} />
        <Stat label="Joined" value={numbers.format(overview.joined)} />
        <Stat
          label="Early-access slots left"
          value={`${numbers.format(overview.earlyAccessSlotsLeft)} of ${numbers.format(overview.earlyAccessSlots)}`}
        />
        <Stat label="Confirmation rate" value={percent.format(overview.confirmationRate)} />
        <Stat label="Confirmed → joined" value={percent.format(overview.joinRate)} />
      </dl>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <section
          aria-labelledby="sign-ups-heading"
          className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2
            id="sign-ups-heading"
            className="text-lg font-semibold text-slate-900 dark:text-white"
          >
            Sign-ups per day, last 30 days
          </h2>
          <BarChart label="Sign-ups per day over the last 30 days" labels={days} values={perDay} />
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium text-indigo-700 dark:text-indigo-300">
              Sign-ups per day as a table
            </summary>
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">Sign-ups per day over the last 30 days</caption>
              <thead>
                <tr className="text-left text-slate-600 dark:text-slate-300">
                  <th scope="col">Day (UTC)</th>
                  <th scope="col" className="text-right">
                    Sign-ups
                  </th>
                </tr>
              </thead>
              <tbody>
                {overview.signUpsPerDay.map(({ day, count }) => (
                  <tr key={day} className="border-t border-slate-100 dark:border-slate-800">
                    <th scope="row" className="py-1 text-left font-normal">
                      {day}
                    </th>
                    <td className="py-1 text-right">{numbers.format(count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </section>
        <section
          aria-labelledby="user-types-heading"
          className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2
            id="user-types-heading"
            className="text-lg font-semibold text-slate-900 dark:text-white"
          >
            Entries by user type
          </h2>
          <BarChart label="Entries by user type" labels={types} values={perType} horizontal />
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">Entries by user type</caption>
            <thead>
              <tr className="text-left text-slate-600 dark:text-slate-300">
                <th scope="col">User type</th>
                <th scope="col" className="text-right">
                  Entries
                </th>
              </tr>
            </thead>
            <tbody>
              {overview.byUserType.map(({ userType, count }) => (
                <tr key={userType} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1 text-left font-normal">
                    {userTypeLabel(userType)}
                  </th>
                  <td className="py-1 text-right">{numbers.format(count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </>
  );
}

const FUNNEL_STEPS = ['invited', 'redeemed', 'pending', 'expired', 'revoked'] as const;
const FUNNEL_LABELS = ['Invited', 'Redeemed', 'Pending', 'Expired', 'Revoked'];

/** Per wave: invited, redeemed, pending, expired, revoked; the chart shows all waves together. */
function InviteFunnel() {
  const { data, isPending, error } = useInviteWaves();
  const totals = useMemo(
    () =>
      FUNNEL_STEPS.map((step) => (data?.items ?? []).reduce((sum, wave) => sum + wave[step], 0)),
    [data],
  );
  return (
    <section
      aria-labelledby="invite-funnel-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="invite-funnel-heading"
        className="text-lg font-semibold text-slate-900 dark:text-white"
      >
        Invites
      </h2>
      <QueryState isPending={isPending} error={error} label="invite waves">
        {data && data.items.length === 0 && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No invites sent yet.</p>
        )}
        {data && data.items.length > 0 && (
          <>
            <BarChart label="Invites over all waves" labels={FUNNEL_LABELS} values={totals} />
            <table className="mt-3 w-full text-sm">
              <caption className="sr-only">Invites per wave</caption>
              <thead>
                <tr className="text-left text-slate-600 dark:text-slate-300">
                  <th scope="col">Wave</th>
                  {FUNNEL_LABELS.map((label) => (
                    <th key={label} scope="col" className="text-right">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.items.map((wave) => (
                  <tr key={wave.waveId} className="border-t border-slate-100 dark:border-slate-800">
                    <th scope="row" className="py-1 text-left font-normal">
                      {formatDateTime(wave.at)}
                      {wave.selection === 'selected' ? ' (selected)' : ''}
                    </th>
                    {FUNNEL_STEPS.map((step) => (
                      <td key={step} className="py-1 text-right">
                        {numbers.format(wave[step])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </QueryState>
    </section>
  );
}

const paiseOrDash = (paise: number | null) => (paise === null ? '—' : formatMoney(paise));

const DIFFERENCE_COLUMNS: ColumnDef<ReconciliationDifferenceDto>[] = [
  {
    id: 'kind',
    header: 'Kind',
    cell: ({ row }) => <span className="font-mono text-xs">{row.original.kind}</span>,
  },
  {
    id: 'message',
    header: 'What differs',
    cell: ({ row }) => row.original.message,
    meta: { wrap: true },
  },
  {
    id: 'ledger',
    header: 'Ledger',
    cell: ({ row }) => paiseOrDash(row.original.ledgerPaise),
    meta: { align: 'end' },
  },
  {
    id: 'gateway',
    header: 'Razorpay',
    cell: ({ row }) => paiseOrDash(row.original.gatewayPaise),
    meta: { align: 'end' },
  },
];

/** The last check of the ledger against the gateway: what differs, if anything. */
function Reconciliation() {
  const { data, isPending, error } = useReconciliation();
  return (
    <section
      aria-labelledby="reconciliation-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="reconciliation-heading"
        className="text-lg font-semibold text-slate-900 dark:text-white"
      >
        Payments reconciliation
      </h2>
      <QueryState isPending={isPending} error={error} label="reconciliation">
        {data && (
          <>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {data.ranAt
                ? `Last run ${formatDateTime(data.ranAt)}: ${numbers.format(data.checkedMilestones)} milestones and ${numbers.format(data.checkedTransactions)} ledger transactions checked against Razorpay.`
                : 'Not run yet.'}
            </p>
            <p
              className={`mt-2 font-semibold ${data.differenceCount > 0 ? 'text-red-800 dark:text-red-200' : 'text-emerald-800 dark:text-emerald-200'}`}
            >
              {data.differenceCount === 0
                ? 'No differences'
                : `${numbers.format(data.differenceCount)} ${data.differenceCount === 1 ? 'difference' : 'differences'}`}
            </p>
            {data.differences.length > 0 && (
              <div className="mt-3">
                <DataTable
                  caption="Differences between the ledger and Razorpay"
                  columns={DIFFERENCE_COLUMNS}
                  rows={data.differences}
                  getRowId={(difference, index) =>
                    `${difference.kind}-${difference.milestoneId ?? ''}-${String(index)}`
                  }
                  emptyState={null}
                />
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

export function AdminOverviewPage() {
  const { data, isPending, error } = useWaitlistOverview();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-slate-900 dark:text-white">Waitlist overview</h1>
      <QueryState isPending={isPending} error={error} label="overview">
        {data && <Figures overview={data} />}
      </QueryState>
      <InviteFunnel />
      <Reconciliation />
    </>
  );
}
