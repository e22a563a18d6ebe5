import { Handshake } from 'lucide-react';
import { useEffect, useRef, useState, type Ref } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { BrandDealDto } from '@/api/generated/types.gen';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useFocusOnArrival } from '@/hooks/use-focus-on-arrival';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/utils/format-date-time';
import { dealStateTones } from '@/entities/deal/deal-state-tones';
import { formatMoney } from '@/utils/format-money';
import {
  useBrandDeals,
  useBrandReviewLink,
  useClaimDeal,
  useRequestDealClaim,
} from '../api/brand-deals';
import { AlertText } from '@/components/ui/alert-text';
import { BRAND_SETTINGS_PATH } from '../settings/settings-paths';

type DealState = BrandDealDto['state'];

/** A deal's state as the brand reads it (the creator's screens name them from their side). */
const stateLabels: Record<DealState, string> = {
  draft: 'Being revised',
  sent: 'Awaiting your answer',
  changes_requested: 'Changes requested',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Withdrawn by the creator',
  completed: 'Completed',
};

const LIST_FAILED = 'We could not load your deals. Please reload the page.';
const PRIMARY_BUTTON =
  'inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60';

function NoDeals() {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-slate-300 p-8 dark:border-slate-700">
      <Handshake aria-hidden="true" className="size-8 text-indigo-600 dark:text-indigo-400" />
      <p className="text-lg font-semibold">No deals yet</p>
      <p className="text-slate-700 dark:text-slate-300">
        Deals that creators send to your number will appear here.
      </p>
    </div>
  );
}

/** A deal's heading takes focus when a notice's link opens the list at it. */
const DEAL_HEADING =
  'scroll-mt-24 rounded text-lg font-semibold break-words focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500';

/** The review page's address for a fresh link, at a milestone when a notice named one. */
function reviewAddressOf(token: string, openAt: string | null): string {
  const milestone = openAt === null ? '' : `&milestone=${encodeURIComponent(openAt)}`;
  return `${paths.dealReview}?token=${encodeURIComponent(token)}${milestone}`;
}

/**
 * Opens the deal on the review page with a fresh link, as the e-mailed link would: to answer it,
 * or, once this workspace accepted it, for its payments (at the milestone a notice named).
 */
function ReviewButton({
  deal,
  label,
  openAt = null,
}: {
  deal: BrandDealDto;
  label: string;
  openAt?: string | null;
}) {
  const reviewLink = useBrandReviewLink();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={PRIMARY_BUTTON}
      disabled={reviewLink.isPending}
      aria-describedby={`deal-${deal.id}-title`}
      onClick={() => {
        reviewLink.mutate(
          { path: { dealId: deal.id } },
          {
            onSuccess: ({ token }) => {
              void navigate(reviewAddressOf(token, openAt));
            },
            onError: (error) => {
              notify.error(messageOf(error, 'We could not open this deal. Please try again.'));
            },
          },
        );
      }}
    >
      {reviewLink.isPending ? 'Opening…' : label}
    </button>
  );
}

/**
 * A deal accepted through the e-mailed link: its payments belong to that link's address. This
 * workspace may ask to handle it: a claim link goes to that address, never here.
 */
function ClaimButton({ deal }: { deal: BrandDealDto }) {
  const claim = useRequestDealClaim();
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <p role="status" className="max-w-xs text-sm text-slate-700 dark:text-slate-300">
        We e-mailed a link to the address this deal was accepted with. Open it while signed in here
        to handle the deal&apos;s payments from this workspace.
      </p>
    );
  }
  return (
    <button
      type="button"
      className={PRIMARY_BUTTON}
      disabled={claim.isPending}
      aria-describedby={`deal-${deal.id}-title`}
      onClick={() => {
        claim.mutate(
          { path: { dealId: deal.id } },
          {
            onSuccess: () => {
              setSent(true);
            },
            onError: (error) => {
              notify.error(messageOf(error, 'That did not work. Please try again.'));
            },
          },
        );
      }}
    >
      {claim.isPending ? 'Sending…' : 'Handle it here'}
    </button>
  );
}

/** What a deal's card offers, by its state and who accepted it. */
function DealAction({ deal, openAt }: { deal: BrandDealDto; openAt: string | null }) {
  if (deal.state === 'sent') return <ReviewButton deal={deal} label="Review and respond" />;
  if (deal.acceptedBy === 'this-workspace') {
    return <ReviewButton deal={deal} label="Open payments" openAt={openAt} />;
  }
  if (deal.acceptedBy === 'email') return <ClaimButton deal={deal} />;
  return null;
}

/** A claim link opened here (`?claim=…`): taken from the address once, then claimed. */
function useClaimFromAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const claim = useClaimDeal();
  const taken = useRef(false);
  const token = searchParams.get('claim');
  const { mutate } = claim;
  useEffect(() => {
    if (token === null || taken.current) return;
    taken.current = true;
    setSearchParams({}, { replace: true });
    mutate({ body: { token } });
  }, [token, mutate, setSearchParams]);
  return claim;
}

function DealCard({
  deal,
  openAt,
  headingRef,
}: {
  deal: BrandDealDto;
  /** The milestone a notice's link named for this deal. */
  openAt: string | null;
  /** Set when the address names this deal: its heading is brought into view and focused. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const milestones = `${String(deal.milestoneCount)} ${deal.milestoneCount === 1 ? 'milestone' : 'milestones'}`;
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900">
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`deal-${deal.id}-title`} ref={headingRef} tabIndex={-1} className={DEAL_HEADING}>
            {deal.title}
          </h2>
          <StatusBadge tone={dealStateTones[deal.state]}>{stateLabels[deal.state]}</StatusBadge>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          From {deal.creatorName}
          {deal.campaign ? ` · ${deal.campaign}` : ''}
        </p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-slate-600 dark:text-slate-400">Total</dt>
            <dd className="font-semibold tabular-nums">{formatMoney(deal.totalPaise)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-600 dark:text-slate-400">Paid in</dt>
            <dd>{milestones}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-600 dark:text-slate-400">Sent</dt>
            <dd>{formatDateTime(deal.sentAt)}</dd>
          </div>
          {deal.state === 'sent' && deal.linkExpiresAt && (
            <div className="flex gap-1.5">
              <dt className="text-slate-600 dark:text-slate-400">Answer by</dt>
              <dd>{formatDateTime(deal.linkExpiresAt)}</dd>
            </div>
          )}
        </dl>
      </div>
      <div className="flex shrink-0 flex-col items-start gap-2 sm:items-end">
        <DealAction deal={deal} openAt={openAt} />
        {deal.acceptedBy === 'this-workspace' && (
          <Link
            to={`${BRAND_SETTINGS_PATH}?deal=${encodeURIComponent(deal.id)}#help`}
            aria-describedby={`deal-${deal.id}-title`}
            className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            Contact support about this deal
          </Link>
        )}
      </div>
    </li>
  );
}

/**
 * The deals creators sent to the brand's verified number, newest first. A deal awaiting the
 * brand opens on the same review page as the e-mailed link (a fresh link minted for it), so every
 * action — accept, ask for changes, decline — is the one the e-mail leads to; a deal this
 * workspace accepted opens its payments there. A deal accepted through the e-mailed link is
 * handled here only once claimed through a link mailed to that address (`?claim=…`). A notice's
 * link opens the list at its deal (`?deal=<id>&milestone=<id>`; the workspace has no page per
 * deal): that deal is brought into view and focused, and its payments open at the milestone.
 */
export function BrandDealsPage() {
  const deals = useBrandDeals();
  const claim = useClaimFromAddress();
  const [searchParams] = useSearchParams();
  const dealAt = searchParams.get('deal');
  const milestoneAt = searchParams.get('milestone');
  const focusRefOf = useFocusOnArrival(deals.isPending ? null : dealAt);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Deals</h1>
        <p className="text-slate-700 dark:text-slate-300">
          The deals creators sent to your number, newest first.
        </p>
      </div>
      {claim.isSuccess && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          The deal is now handled from this workspace: open its payments below.
        </p>
      )}
      {claim.isError && (
        <AlertText>
          {messageOf(claim.error, 'This link could not move the deal here. Ask for a new one.')}
        </AlertText>
      )}
      {deals.isPending ? (
        <LoadingIndicator label="Loading your deals…" />
      ) : deals.isError ? (
        <AlertText>{LIST_FAILED}</AlertText>
      ) : deals.data.items.length === 0 ? (
        <NoDeals />
      ) : (
        <ul aria-label="Deals sent to you" className="flex flex-col gap-4">
          {deals.data.items.map((deal) => (
            <DealCard
              key={deal.id}
              deal={deal}
              openAt={deal.id === dealAt ? milestoneAt : null}
              headingRef={focusRefOf(deal.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
