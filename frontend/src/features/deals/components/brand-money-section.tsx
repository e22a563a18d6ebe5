import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import type { DealMoneyDto, MilestoneMoneyDto } from '@/api/generated/types.gen';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useFocusOnArrival } from '@/hooks/use-focus-on-arrival';
import { errorCodeOf, messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import {
  submitCheckoutForm,
  useApproveMilestone,
  useBrandAnswerMilestoneDispute,
  useBrandDisputeMilestone,
  useBrandMilestones,
  useFundMilestone,
  useRequestFreshDealLink,
  useRequestMilestoneChanges,
} from '../api/money-queries';
import { useBrandNoticeSends } from '../api/notice-sends-queries';
import { brandCanReview, canAnswerDispute, canDispute } from '../milestone-money';
import { BrandCancellationSection } from './brand-cancellation-section';
import { MilestoneSends } from './milestone-sends';
import {
  AnswerDisputeButton,
  AnswerDisputeDialog,
  DisputeButton,
  DisputeDialog,
  MilestoneMoneyFacts,
  MoneyActionDialog,
} from './milestone-money-parts';
import { PRIMARY_LINK, QueryProblem, SECONDARY_BUTTON } from './deal-parts';

/** Where the hosted checkout sent the brand back to, read once from the return address. */
export interface CheckoutReturn {
  payment: 'success' | 'failed';
  milestoneId: string;
}

type Dialog = {
  kind: 'approve' | 'changes' | 'dispute' | 'answer';
  milestone: MilestoneMoneyDto;
} | null;

const failed = (error: unknown) => {
  notify.error(messageOf(error, 'That did not work. Please try again.'));
};

function CheckoutMessage({ money, back }: { money: DealMoneyDto; back: CheckoutReturn }) {
  const milestone = money.milestones.find((each) => each.id === back.milestoneId);
  if (!milestone) return null;
  if (back.payment === 'failed' && milestone.state === 'pending') {
    return (
      <p
        role="alert"
        className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      >
        The payment for “{milestone.name}” was not completed. You can try again with “Fund
        milestone”.
      </p>
    );
  }
  return (
    <p
      role="status"
      className="rounded-lg bg-indigo-50 p-3 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
    >
      {milestone.state === 'pending'
        ? `Payment received — securing it with Razorpay… (${milestone.name})`
        : `Payment secured with Razorpay for “${milestone.name}”.`}
    </p>
  );
}

function FundButton({ token, milestone }: { token: string; milestone: MilestoneMoneyDto }) {
  const fund = useFundMilestone();
  return (
    <button
      type="button"
      className={`${PRIMARY_LINK} self-start disabled:opacity-60`}
      disabled={fund.isPending || fund.isSuccess}
      onClick={() => {
        fund.mutate(
          { body: { token, milestoneId: milestone.id } },
          {
            onSuccess: (checkout) => {
              submitCheckoutForm(checkout, token);
            },
            onError: failed,
          },
        );
      }}
    >
      <CreditCard aria-hidden="true" className="size-4" />
      {fund.isPending || fund.isSuccess
        ? 'Opening the checkout…'
        : `Fund milestone (${formatMoney(milestone.amountPaise)})`}
    </button>
  );
}

function MilestoneActions({
  token,
  money,
  milestone,
  onOpen,
}: {
  token: string;
  money: DealMoneyDto;
  milestone: MilestoneMoneyDto;
  onOpen: (dialog: Dialog) => void;
}) {
  const roundsLeft = money.revisionRounds - milestone.revisionsUsed;
  const active = money.state === 'accepted';
  const review = active && brandCanReview(milestone.state);
  const dispute = active && canDispute(milestone.state);
  const fundable = milestone.state === 'pending' && money.state === 'accepted';
  const answerable = active && canAnswerDispute(milestone, 'brand');
  if (!review && !dispute && !fundable && !answerable) return null;
  return (
    <div className="flex flex-col gap-2">
      {fundable && <FundButton token={token} milestone={milestone} />}
      {review && milestone.approvalDueAt && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Please review the delivery by {formatDateTime(milestone.approvalDueAt)}: without an answer
          it is approved automatically and released to the creator.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {review && (
          <button
            type="button"
            className={PRIMARY_LINK}
            onClick={() => {
              onOpen({ kind: 'approve', milestone });
            }}
          >
            Approve
          </button>
        )}
        {review && roundsLeft > 0 && (
          <button
            type="button"
            className={SECONDARY_BUTTON}
            onClick={() => {
              onOpen({ kind: 'changes', milestone });
            }}
          >
            Request changes
          </button>
        )}
        {dispute && (
          <DisputeButton
            onClick={() => {
              onOpen({ kind: 'dispute', milestone });
            }}
          />
        )}
        {answerable && (
          <AnswerDisputeButton
            onClick={() => {
              onOpen({ kind: 'answer', milestone });
            }}
          />
        )}
      </div>
      {review && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {roundsLeft > 0
            ? `${String(roundsLeft)} of ${String(money.revisionRounds)} ${money.revisionRounds === 1 ? 'round' : 'rounds'} of changes left.`
            : 'The contract’s rounds of changes are used up: approve, or open a dispute.'}
        </p>
      )}
    </div>
  );
}

function ActionDialogs({
  token,
  dialog,
  onClose,
}: {
  token: string;
  dialog: Dialog;
  onClose: () => void;
}) {
  const approve = useApproveMilestone(token);
  const changes = useRequestMilestoneChanges(token);
  const dispute = useBrandDisputeMilestone(token);
  const answer = useBrandAnswerMilestoneDispute(token);
  const milestone = dialog?.milestone;
  const name = milestone ? `“${milestone.name}”` : 'this milestone';
  const amount = milestone ? formatMoney(milestone.amountPaise) : '';
  const setOpen = (open: boolean) => {
    if (!open) onClose();
  };
  const done = (message: string) => () => {
    onClose();
    notify.success(message);
  };
  return (
    <>
      <MoneyActionDialog
        open={dialog?.kind === 'approve'}
        onOpenChange={setOpen}
        title="Approve this delivery?"
        description={`Approving ${name} releases ${amount} to the creator. This cannot be undone.`}
        confirmLabel="Approve and release"
        pendingLabel="Approving…"
        isPending={approve.isPending}
        onConfirm={() => {
          if (!milestone) return;
          approve.mutate(
            { body: { token, milestoneId: milestone.id } },
            { onSuccess: done('Approved: the payment is being released'), onError: failed },
          );
        }}
      />
      <MoneyActionDialog
        open={dialog?.kind === 'changes'}
        onOpenChange={setOpen}
        title="Request changes?"
        description={`The creator reads your note and delivers ${name} again. The payment stays secured with Razorpay.`}
        textLabel="What should change?"
        confirmLabel="Send the request"
        pendingLabel="Sending…"
        isPending={changes.isPending}
        onConfirm={(note) => {
          if (!milestone) return;
          changes.mutate(
            { body: { token, milestoneId: milestone.id, note } },
            { onSuccess: done('Changes requested'), onError: failed },
          );
        }}
      />
      <DisputeDialog
        open={dialog?.kind === 'dispute'}
        onOpenChange={setOpen}
        subject={name}
        isPending={dispute.isPending}
        onConfirm={(reason) => {
          if (!milestone) return;
          dispute.mutate(
            { body: { token, milestoneId: milestone.id, reason } },
            { onSuccess: done('Dispute opened'), onError: failed },
          );
        }}
      />
      <AnswerDisputeDialog
        open={dialog?.kind === 'answer'}
        onOpenChange={setOpen}
        subject={name}
        isPending={answer.isPending}
        onConfirm={(note) => {
          if (!milestone) return;
          answer.mutate(
            { body: { token, milestoneId: milestone.id, note } },
            { onSuccess: done('Answer sent to Paylock'), onError: failed },
          );
        }}
      />
    </>
  );
}

/** The money link's own answers the page explains (the rest are shown as they come). */
export const MONEY_LINK_EXPIRED = 'DEAL_MONEY_LINK_EXPIRED';

/**
 * The money link has expired: "Send me a fresh link" mails a new one to the address the deal was
 * accepted with (or, for a deal accepted in a brand workspace, says to sign in there). The answer
 * is shown as given: it is the same whether or not a mail was sent.
 */
export function FreshLinkOffer({ token }: { token: string }) {
  const fresh = useRequestFreshDealLink();
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-medium">This link to the deal&apos;s payments has expired.</p>
      {fresh.data ? (
        <p role="status">{fresh.data.message}</p>
      ) : (
        <>
          <p>
            For your safety, links to a deal&apos;s money work for a limited time. We can e-mail a
            fresh one to the address the deal was accepted with.
          </p>
          <button
            type="button"
            className={SECONDARY_BUTTON}
            disabled={fresh.isPending}
            onClick={() => {
              fresh.mutate({ body: { token } }, { onError: failed });
            }}
          >
            {fresh.isPending ? 'Sending…' : 'Send me a fresh link'}
          </button>
        </>
      )}
    </div>
  );
}

/**
 * The brand's payments on an accepted deal: each milestone's money, "Fund milestone" (the hosted
 * checkout), Approve / Request changes / Dispute once the creator delivers, and Answer the
 * dispute on a milestone the creator disputed.
 */
export function BrandMoneySection({
  token,
  checkoutReturn,
  headingLevel = 2,
  openAt = null,
}: {
  token: string;
  checkoutReturn: CheckoutReturn | null;
  headingLevel?: 1 | 2;
  /** The milestone to bring into view and focus once the payments have loaded (a notice's). */
  openAt?: string | null;
}) {
  const money = useBrandMilestones(
    token,
    checkoutReturn?.payment === 'success' ? checkoutReturn.milestoneId : null,
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const sendsQuery = useBrandNoticeSends(token);
  const sends = sendsQuery.data?.items ?? [];
  const focusRefOf = useFocusOnArrival(sendsQuery.isPending ? null : openAt);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  if (errorCodeOf(money.error) === MONEY_LINK_EXPIRED) return <FreshLinkOffer token={token} />;
  if (money.error) return <QueryProblem error={money.error} what="the payments" />;
  if (!money.data) return <LoadingIndicator label="Loading the payments…" />;
  const data = money.data;
  // An open proposal or an agreed cancellation comes first; the offer to propose, after.
  const cancellationFirst = data.cancellation !== null || data.cancelledByAgreement !== null;
  return (
    <section aria-labelledby="deal-payments" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <Heading
          id="deal-payments"
          className={
            headingLevel === 1 ? 'text-2xl font-bold sm:text-3xl' : 'text-lg font-semibold'
          }
        >
          {headingLevel === 1 ? `Payments: ${data.title}` : 'Payments'}
        </Heading>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {formatMoney(data.totalPaise)} in {data.milestones.length}{' '}
          {data.milestones.length === 1 ? 'milestone' : 'milestones'}. Each payment is secured with
          Razorpay before the work starts and released to the creator when you approve the delivery
          (or automatically {data.approvalWindowDays}{' '}
          {data.approvalWindowDays === 1 ? 'day' : 'days'} after it, without an answer).
        </p>
      </div>
      {data.brandBilling && (
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-700 dark:text-slate-300">
            Your GSTIN on the creator&apos;s invoices
          </dt>
          <dd>{data.brandBilling.gstin ?? 'Not given'}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">Billing address</dt>
          <dd className="whitespace-pre-line">{data.brandBilling.address ?? 'Not given'}</dd>
        </dl>
      )}
      {checkoutReturn && <CheckoutMessage money={data} back={checkoutReturn} />}
      {cancellationFirst && <BrandCancellationSection token={token} money={data} />}
      <ul className="flex flex-col gap-4">
        {data.milestones.map((milestone) => (
          <li
            key={milestone.id}
            aria-label={milestone.name}
            className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <MilestoneMoneyFacts
              milestone={milestone}
              headingLevel={headingLevel === 1 ? 2 : 3}
              headingRef={focusRefOf(milestone.id)}
            />
            <MilestoneActions token={token} money={data} milestone={milestone} onOpen={setDialog} />
            <MilestoneSends
              sends={sends}
              milestoneId={milestone.id}
              milestoneName={milestone.name}
              viewer="brand"
            />
          </li>
        ))}
      </ul>
      {!cancellationFirst && <BrandCancellationSection token={token} money={data} />}
      <ActionDialogs
        token={token}
        dialog={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </section>
  );
}
