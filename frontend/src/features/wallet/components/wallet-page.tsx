import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import type { WalletFigureDto } from '@/api/generated/types.gen';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { creatorPagePath } from '@/config/paths';
import { formatMoney } from '@/utils/format-money';
import { useWallet } from '../api/wallet-queries';
import { FreshnessLine } from './freshness-line';

// Chart.js is a chunk of its own, loaded only by the wallet (never the landing or overview).
const BarChart = lazy(async () => ({
  default: (await import('@/components/ui/bar-chart')).BarChart,
}));

const monthName = new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit' });
const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

function Figure({ title, hint, figure }: { title: string; hint: string; figure: WalletFigureDto }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id={headingId} className="text-sm font-semibold text-slate-700 dark:text-slate-300">
        {title}
      </h2>
      <p className="text-2xl font-bold text-slate-900 dark:text-white">
        {formatMoney(figure.totalPaise)}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">{hint}</p>
      {figure.deals.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-slate-800 dark:text-slate-200">
          {figure.deals.map((deal) => (
            <li key={deal.dealId} className="flex justify-between gap-2">
              <Link
                to={`/creator/contracts/${deal.dealId}`}
                className="truncate font-medium text-indigo-800 hover:underline dark:text-indigo-200"
              >
                {deal.dealTitle || 'Deal'}
              </Link>
              <span>{formatMoney(deal.amountPaise)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /creator/wallet: the three figures with their deals and the money released per month. */
export function WalletPage() {
  const { data, error, isPending } = useWallet();
  return (
    <>
      <PageHeader
        title="Wallet"
        description="Every rupee of your milestones, read from Paylock's ledger: held with Razorpay, on its way to your bank, and paid out."
      />
      {error ? (
        <QueryProblem error={error} what="your wallet" />
      ) : isPending ? (
        <LoadingIndicator label="Loading your wallet…" />
      ) : (
        <div className="flex flex-col gap-6">
          <FreshnessLine asOf={data.asOf} pendingChanges={data.pendingChanges} />
          <div className="grid gap-4 md:grid-cols-3">
            <Figure
              title="Held"
              hint="Paid by the brand and secured with Razorpay; released when the milestone is approved."
              figure={data.held}
            />
            <Figure
              title="Releasing"
              hint="Approved and released; Razorpay settles it to your account on the next working day."
              figure={data.releasing}
            />
            <Figure
              title="Paid out"
              hint="Settled to your bank account or UPI ID."
              figure={data.paidOut}
            />
          </div>
          <section aria-labelledby="released-per-month" className="flex flex-col gap-2">
            <h2
              id="released-per-month"
              className="text-lg font-semibold text-slate-900 dark:text-white"
            >
              Released per month
            </h2>
            <Suspense fallback={<LoadingIndicator label="Loading the chart…" />}>
              <BarChart
                label="Money released per month, last 12 months"
                labels={data.releasedByMonth.map(({ month }) => monthLabel(month))}
                values={data.releasedByMonth.map(({ amountPaise }) => amountPaise / 100)}
              />
            </Suspense>
            <table className="sr-only">
              <caption>Money released per month</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Released</th>
                </tr>
              </thead>
              <tbody>
                {data.releasedByMonth.map(({ month, amountPaise }) => (
                  <tr key={month}>
                    <td>{monthLabel(month)}</td>
                    <td>{formatMoney(amountPaise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            See every movement in{' '}
            <Link
              to={creatorPagePath('wallet', 'transactions')}
              className="font-medium text-indigo-800 underline dark:text-indigo-200"
            >
              Transactions
            </Link>
            .
          </p>
        </div>
      )}
    </>
  );
}
