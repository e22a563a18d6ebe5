import { Link } from 'react-router';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { creatorPagePath } from '@/config/paths';
import { usePayoutDestination } from '../api/wallet-queries';

/**
 * /creator/wallet/withdraw: where payouts go and when. No button moves money: Razorpay Route
 * settles each released transfer to the verified account by itself.
 */
export function WithdrawPage() {
  const { data, error, isPending } = usePayoutDestination();
  return (
    <>
      <PageHeader
        title="Withdraw"
        description="You never need to withdraw: released money goes to your account by itself."
      />
      {error ? (
        <QueryProblem error={error} what="your payout account" />
      ) : isPending ? (
        <LoadingIndicator label="Loading your payout account…" />
      ) : (
        <div className="flex max-w-2xl flex-col gap-4 text-slate-800 dark:text-slate-200">
          <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-300">
              Payouts go to
            </h2>
            {data.maskedDestination ? (
              <p className="text-xl font-bold text-slate-900 dark:text-white">
                {data.maskedDestination}
              </p>
            ) : (
              <p>
                No verified payout account yet.{' '}
                <Link
                  to={creatorPagePath('wallet', 'settings')}
                  className="font-medium text-indigo-800 underline dark:text-indigo-200"
                >
                  Set up your payout profile
                </Link>
                .
              </p>
            )}
          </section>
          <section>
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">When</h2>
            <p>{data.schedule}</p>
            <p className="mt-2">
              Paylock never holds your money: Razorpay holds it from the brand's payment until the
              milestone is approved, then transfers it to you.
            </p>
          </section>
        </div>
      )}
    </>
  );
}
