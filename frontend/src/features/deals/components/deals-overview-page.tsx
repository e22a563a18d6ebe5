import { FileSignature } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DealListItemDto } from '@/api/generated/types.gen';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { creatorPagePath } from '@/config/paths';
import { dealPath, dealPaths } from '../deal-paths';
import { useAuth } from '@/lib/auth/use-auth';
import { formatCount } from '../deal-model';
import { formatMoney } from '@/utils/format-money';
import { useDealOverview } from '../api/deals-queries';
import { DealStateBadge, NewDealLink, PageHeader, QueryProblem, TEXT_LINK } from './deal-parts';

const firstName = (displayName: string) => displayName.trim().split(/\s+/)[0] ?? '';

/** One figure of the overview: its label, and the figure (a link where it opens a list). */
function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="text-2xl font-bold">{children}</dd>
    </div>
  );
}

function DealLines({
  id,
  title,
  deals,
  count,
  moreHref,
  empty,
}: {
  id: string;
  title: string;
  deals: readonly DealListItemDto[];
  count: number;
  moreHref: string;
  empty: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-5 dark:border-slate-800"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title} <span className="text-slate-700 dark:text-slate-300">({formatCount(count)})</span>
      </h2>
      {deals.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {deals.map((deal) => (
            <li key={deal.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="flex min-w-0 flex-col">
                <Link to={dealPath(deal.id)} className={TEXT_LINK}>
                  {deal.title}
                </Link>
                <span className="text-sm text-slate-700 dark:text-slate-300">
                  {deal.brandCompany} · {formatMoney(deal.totalPaise)}
                </span>
              </span>
              <DealStateBadge state={deal.state} />
            </li>
          ))}
        </ul>
      )}
      {count > deals.length && (
        <Link to={moreHref} className={`${TEXT_LINK} text-sm`}>
          See all {formatCount(count)}
        </Link>
      )}
    </section>
  );
}

/** Where a signed-in creator lands: what needs them, what waits for brands, and what is signed. */
export function DealsOverviewPage() {
  const auth = useAuth();
  const name = auth.status === 'authenticated' ? firstName(auth.user.displayName) : '';
  const { data, error, isPending } = useDealOverview();
  const greeting = name ? `Welcome, ${name}!` : 'Welcome!';
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader title="Dashboard" description={greeting} action={<NewDealLink />} />
      {error ? (
        <QueryProblem error={error} what="your dashboard" />
      ) : isPending ? (
        <LoadingIndicator label="Loading your dashboard…" />
      ) : data.dealCount === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-6 dark:border-slate-700">
          <EmptyState
            title="Start your first deal"
            icon={FileSignature}
            action={<NewDealLink>Start a deal</NewDealLink>}
          >
            Write down what you agreed with a brand: what you deliver, by when, and the milestones
            that pay you. The brand reviews and signs it online, and payment is secured with
            Razorpay.
          </EmptyState>
        </div>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Stat label="Total under contract">{formatMoney(data.totalUnderContractPaise)}</Stat>
            <Stat label="Active contracts">
              <Link to={creatorPagePath('contracts', 'active')} className={TEXT_LINK}>
                {formatCount(data.activeCount)}
              </Link>
            </Stat>
            <Stat label="All deals">
              <Link to={dealPaths.contracts} className={TEXT_LINK}>
                {formatCount(data.dealCount)}
              </Link>
            </Stat>
          </dl>
          <div className="grid gap-4 lg:grid-cols-2">
            <DealLines
              id="needs-action"
              title="Needs your action"
              deals={data.needsAction}
              count={data.needsActionCount}
              moreHref={creatorPagePath('collaborations', 'proposals')}
              empty="Nothing needs you right now."
            />
            <DealLines
              id="awaiting-brand"
              title="Awaiting the brand"
              deals={data.awaitingBrand}
              count={data.awaitingBrandCount}
              moreHref={creatorPagePath('contracts', 'pending')}
              empty="No deal is waiting for a brand."
            />
          </div>
        </>
      )}
    </div>
  );
}
