import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  countInvoicesOptions,
  getWalletOptions,
} from '../../api/generated/@tanstack/react-query.gen';
import { creatorPagePath, creatorSectionPath } from '../../config/paths';
import { formatMoney } from '../../utils/format-money';
import { FreshnessLine } from './components/freshness-line';

const LINK = 'font-medium text-indigo-800 underline-offset-2 hover:underline dark:text-indigo-200';

/**
 * The dashboard overview's money (#27): held, releasing and paid out this month, and the invoices
 * that need the creator's attention. Small on purpose: no chart, no table.
 */
export function MoneyAtAGlance() {
  const wallet = useQuery(getWalletOptions());
  const counts = useQuery(countInvoicesOptions());
  if (!wallet.data) return null;
  const attention = (counts.data?.overdue ?? 0) + (counts.data?.toBeIssued ?? 0);
  return (
    <section
      aria-labelledby="money-at-a-glance"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-5 dark:border-slate-800"
    >
      <h2 id="money-at-a-glance" className="text-lg font-semibold">
        <Link to={creatorSectionPath('wallet')} className={LINK}>
          Your money
        </Link>
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">Held</dt>
          <dd className="text-xl font-bold">{formatMoney(wallet.data.held.totalPaise)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">Releasing</dt>
          <dd className="text-xl font-bold">{formatMoney(wallet.data.releasing.totalPaise)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">
            Paid this month
          </dt>
          <dd className="text-xl font-bold">{formatMoney(wallet.data.paidOutThisMonthPaise)}</dd>
        </div>
      </dl>
      <FreshnessLine asOf={wallet.data.asOf} pendingChanges={wallet.data.pendingChanges} />
      {counts.data && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {attention === 0 ? (
            'No invoice needs your attention.'
          ) : (
            <>
              {counts.data.overdue > 0 && (
                <Link to={creatorPagePath('invoices', 'overdue')} className={LINK}>
                  {counts.data.overdue} overdue {counts.data.overdue === 1 ? 'invoice' : 'invoices'}
                </Link>
              )}
              {counts.data.overdue > 0 && counts.data.toBeIssued > 0 && ' · '}
              {counts.data.toBeIssued > 0 && (
                <Link to={creatorSectionPath('invoices')} className={LINK}>
                  {counts.data.toBeIssued} still being issued
                </Link>
              )}
            </>
          )}
        </p>
      )}
    </section>
  );
}
