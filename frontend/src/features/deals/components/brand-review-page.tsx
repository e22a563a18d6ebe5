import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { BrandDecisionDto, BrandReviewDto } from '@/api/generated/types.gen';
import { BrandMark } from '@/components/ui/brand-mark';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { brand as product } from '@/config/brand';
import { errorCodeOf, messageOf } from '@/lib/api-error';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import { useDownloadReviewedPdf, useOpenDealReview } from '../api/deals-queries';
import { useBrandMilestones } from '../api/money-queries';
import type { BrandAnswer } from '../brand-answer';
import { useReviewToken } from '../hooks/use-review-token';
import { BrandDecision } from './brand-decision';
import { BrandMoneySection, FreshLinkOffer, MONEY_LINK_EXPIRED } from './brand-money-section';
import { BrandReviewOutcome } from './brand-review-outcome';
import { ContractPreview } from './contract-preview';
import { ContractSection } from './contract-section';
import { DealTermsView } from './deal-terms-view';

/** What the brand reads when the link cannot open the deal, by the API's error code. */
const linkProblems: Record<string, { title: string; text: string }> = {
  DEAL_LINK_EXPIRED: {
    title: 'This link has expired',
    text: 'The time to review this deal has run out. Ask the creator to send it again.',
  },
  DEAL_LINK_CLOSED: {
    title: 'This deal has already been answered',
    text: 'The deal was accepted, declined, sent back for changes or cancelled, so this link no longer opens it. If the creator sends a new version, you will get a new link by e-mail.',
  },
  DEAL_LINK_INVALID: {
    title: 'This link does not work',
    text: 'It may be incomplete or mistyped. Open the link from the e-mail again, or ask the creator to send the deal again.',
  },
};
// A token the API refuses by its shape (a link cut short in the mail client) is an invalid link.
const problemOf = (error: unknown) =>
  linkProblems[
    errorCodeOf(error) === 'VALIDATION_FAILED' ? 'DEAL_LINK_INVALID' : (errorCodeOf(error) ?? '')
  ];

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <p className="inline-flex items-center gap-2 text-lg font-bold">
          <BrandMark />
          {product.name}
        </p>
      </header>
      <main className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <div className="text-slate-700 dark:text-slate-300">{children}</div>
    </div>
  );
}

function Review({ token, review }: { token: string; review: BrandReviewDto }) {
  const download = useDownloadReviewedPdf();
  const [done, setDone] = useState<{ decision: BrandDecisionDto; what: BrandAnswer } | null>(null);
  if (done) return <BrandReviewOutcome token={token} creatorName={review.creatorName} {...done} />;
  return (
    <>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {review.creatorName} sent {review.brand.companyName} a deal to review
        </p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{review.title}</h1>
        <p className="text-slate-700 dark:text-slate-300">
          {formatMoney(review.totalPaise)} in {review.milestones.length}{' '}
          {review.milestones.length === 1 ? 'milestone' : 'milestones'} · payment secured with
          Razorpay · this link works until {formatDateTime(review.linkExpiresAt)}
        </p>
      </div>
      <DealTermsView terms={review} />
      <ContractSection
        headingId="review-contract"
        title="The contract"
        download={download}
        downloadKey={token}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Version {review.contract.version}
          {review.contract.sha256 && (
            <>
              {' '}
              · SHA-256 <code className="break-all">{review.contract.sha256}</code>
            </>
          )}
        </p>
        <ContractPreview html={review.contract.html} title={`Contract: ${review.title}`} />
      </ContractSection>
      <BrandDecision
        token={token}
        onDone={(decision, what) => {
          setDone({ decision, what });
        }}
      />
    </>
  );
}

/** Link problems that may still open the payments: the deal was accepted (an old link works). */
const ANSWERED = new Set(['DEAL_LINK_CLOSED', 'DEAL_LINK_EXPIRED']);

/**
 * A link whose deal was answered: when the deal is accepted, the brand's payments; otherwise the
 * reason the link does not open it.
 */
function PaymentsOrProblem({
  token,
  error,
  openAt,
}: {
  token: string;
  error: unknown;
  openAt: string | null;
}) {
  const money = useBrandMilestones(token, null);
  if (money.data) {
    return (
      <BrandMoneySection token={token} checkoutReturn={null} headingLevel={1} openAt={openAt} />
    );
  }
  if (!money.error) return <LoadingIndicator label="Opening the deal…" />;
  if (errorCodeOf(money.error) === MONEY_LINK_EXPIRED) return <FreshLinkOffer token={token} />;
  if (errorCodeOf(money.error) === 'NOT_THE_DEALS_BRAND') {
    return (
      <Notice title="This link cannot act on the deal's payments">
        {messageOf(money.error, 'Please try again in a moment.')}
      </Notice>
    );
  }
  const problem = problemOf(error);
  return (
    <Notice title={problem?.title ?? 'The deal could not be opened'}>
      {problem?.text ?? messageOf(error, 'Please try again in a moment.')}
    </Notice>
  );
}

/**
 * The brand's review page, opened from the e-mailed link (no account): the deal, its contract and
 * PDF, and the brand's answer: accept (a typed-name signature), request changes, or decline. Once
 * the deal is accepted the same link opens its payments (funding, approval, disputes), and the
 * hosted checkout comes back here. A notice's link opens the payments at its milestone.
 */
export function BrandReviewPage() {
  const token = useReviewToken();
  const open = useOpenDealReview();
  const opened = useRef(false);
  const { mutate } = open;
  useEffect(() => {
    if (token.status !== 'ready' || token.checkoutReturn || opened.current) return;
    opened.current = true;
    mutate({ body: { token: token.token } });
  }, [token, mutate]);

  useEffect(() => {
    document.title = `Review a deal · ${product.name}`;
  }, []);

  if (token.status === 'none') {
    return (
      <Frame>
        <Notice title="Open the link from your e-mail">
          This page shows a deal a creator sent you. Open it from the link in the e-mail from{' '}
          {product.name}.
        </Notice>
      </Frame>
    );
  }
  if (token.checkoutReturn) {
    return (
      <Frame>
        <BrandMoneySection
          token={token.token}
          checkoutReturn={token.checkoutReturn}
          headingLevel={1}
        />
      </Frame>
    );
  }
  if (open.error && ANSWERED.has(errorCodeOf(open.error) ?? '')) {
    return (
      <Frame>
        <PaymentsOrProblem token={token.token} error={open.error} openAt={token.openAt} />
      </Frame>
    );
  }
  if (open.error) {
    const problem = problemOf(open.error);
    return (
      <Frame>
        <Notice title={problem?.title ?? 'The deal could not be opened'}>
          {problem?.text ?? messageOf(open.error, 'Please try again in a moment.')}
        </Notice>
      </Frame>
    );
  }
  if (!open.data) {
    return (
      <Frame>
        <LoadingIndicator label="Opening the deal…" />
      </Frame>
    );
  }
  return (
    <Frame>
      <Review token={token.token} review={open.data} />
    </Frame>
  );
}
