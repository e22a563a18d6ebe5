import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import type { DealDto, NoticeSendDto } from '@/api/generated/types.gen';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';
import { useFocusOnArrival } from '@/hooks/use-focus-on-arrival';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import {
  useAnswerMilestoneDispute,
  useDisputeMilestone,
  useSubmitMilestone,
} from '../api/money-queries';
import { useDealNoticeSends } from '../api/notice-sends-queries';
import {
  canAnswerDispute,
  canDispute,
  creatorCanSubmit,
  linesOf,
  MONEY_LIMITS,
  submissionSchema,
  type MoneyMilestone,
} from '../milestone-money';
import {
  AnswerDisputeButton,
  AnswerDisputeDialog,
  DisputeButton,
  DisputeDialog,
  MilestoneMoneyFacts,
} from './milestone-money-parts';
import { MilestoneSends } from './milestone-sends';
import { MilestoneTimeline } from './milestone-timeline';
import { PRIMARY_LINK, SECONDARY_BUTTON } from './deal-parts';

function SubmissionForm({
  dealId,
  milestone,
  onDone,
}: {
  dealId: string;
  milestone: MoneyMilestone;
  onDone: () => void;
}) {
  const submit = useSubmitMilestone();
  const form = useForm<
    z.input<typeof submissionSchema>,
    unknown,
    z.output<typeof submissionSchema>
  >({ resolver: zodResolver(submissionSchema), defaultValues: { links: '', note: '' } });
  const { errors } = form.formState;
  const id = `submission-${milestone.id}`;
  return (
    <form
      noValidate
      aria-label={`Deliver ${milestone.name}`}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      onSubmit={(event) => {
        void form.handleSubmit(({ links, note }) => {
          submit.mutate(
            {
              path: { dealId, milestoneId: milestone.id },
              body: { links: linesOf(links), note },
            },
            {
              onSuccess: () => {
                notify.success('Delivered: the brand has been asked to approve it');
                onDone();
              },
              onError: (error) => {
                notify.error(messageOf(error, 'The delivery could not be sent. Please try again.'));
              },
            },
          );
        })(event);
      }}
    >
      <fieldset disabled={submit.isPending} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-links`} className={fieldLabelClass}>
            Links to the delivered posts (one per line, up to {MONEY_LIMITS.links})
          </label>
          <textarea
            id={`${id}-links`}
            rows={3}
            placeholder="https://www.instagram.com/reel/…"
            className={fieldControlClass(Boolean(errors.links))}
            {...errorAttributes(`${id}-links-error`, errors.links?.message)}
            {...form.register('links')}
          />
          <FieldError id={`${id}-links-error`} message={errors.links?.message} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-note`} className={fieldLabelClass}>
            Note for the brand (optional)
          </label>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={MONEY_LIMITS.note}
            className={fieldControlClass(Boolean(errors.note))}
            {...errorAttributes(`${id}-note-error`, errors.note?.message)}
            {...form.register('note')}
          />
          <FieldError id={`${id}-note-error`} message={errors.note?.message} />
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={PRIMARY_LINK}>
            <Send aria-hidden="true" className="size-4" />
            {submit.isPending ? 'Sending…' : 'Send the delivery'}
          </button>
          <button type="button" className={SECONDARY_BUTTON} onClick={onDone}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function CreatorMilestone({
  dealId,
  milestone,
  active,
  history,
  sends,
  headingRef,
}: {
  dealId: string;
  milestone: MoneyMilestone;
  /** Set when the address names this milestone: its heading is brought into view and focused. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** What Paylock sent about the deal (the milestone's own are shown). */
  sends: readonly NoticeSendDto[];
  /** The deal's history, from which the milestone's own timeline is read. */
  history: DealDto['history'];
  /** The deal is accepted: work is delivered and disputed (not once it is cancelled or done). */
  active: boolean;
}) {
  const [submitting, setSubmitting] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const [answering, setAnswering] = useState(false);
  const dispute = useDisputeMilestone();
  const answer = useAnswerMilestoneDispute();
  const submittable = active && creatorCanSubmit(milestone.state);
  const disputable = active && canDispute(milestone.state);
  const answerable = active && canAnswerDispute(milestone, 'creator');
  return (
    <li
      aria-label={milestone.name}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <MilestoneMoneyFacts milestone={milestone} headingRef={headingRef} />
      <MilestoneTimeline
        history={history}
        milestoneId={milestone.id}
        milestoneName={milestone.name}
      />
      <MilestoneSends
        sends={sends}
        milestoneId={milestone.id}
        milestoneName={milestone.name}
        viewer="creator"
      />
      {milestone.state === 'pending' && active && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Waiting for the brand to pay. Start the work once the payment is secured with Razorpay.
        </p>
      )}
      {submitting ? (
        <SubmissionForm
          dealId={dealId}
          milestone={milestone}
          onDone={() => {
            setSubmitting(false);
          }}
        />
      ) : (
        (submittable || disputable || answerable) && (
          <div className="flex flex-wrap gap-3">
            {submittable && (
              <button
                type="button"
                className={PRIMARY_LINK}
                onClick={() => {
                  setSubmitting(true);
                }}
              >
                {milestone.state === 'changes_requested' ? 'Deliver again' : 'Submit delivery'}
              </button>
            )}
            {disputable && (
              <DisputeButton
                onClick={() => {
                  setDisputing(true);
                }}
              />
            )}
            {answerable && (
              <AnswerDisputeButton
                onClick={() => {
                  setAnswering(true);
                }}
              />
            )}
          </div>
        )
      )}
      <DisputeDialog
        open={disputing}
        onOpenChange={setDisputing}
        subject={`“${milestone.name}”`}
        isPending={dispute.isPending}
        onConfirm={(reason) => {
          dispute.mutate(
            { path: { dealId, milestoneId: milestone.id }, body: { reason } },
            {
              onSuccess: () => {
                setDisputing(false);
                notify.success('Dispute opened');
              },
              onError: (error) => {
                notify.error(
                  messageOf(error, 'The dispute could not be opened. Please try again.'),
                );
              },
            },
          );
        }}
      />
      <AnswerDisputeDialog
        open={answering}
        onOpenChange={setAnswering}
        subject={`“${milestone.name}”`}
        isPending={answer.isPending}
        onConfirm={(note) => {
          answer.mutate(
            { path: { dealId, milestoneId: milestone.id }, body: { note } },
            {
              onSuccess: () => {
                setAnswering(false);
                notify.success('Answer sent to Paylock');
              },
              onError: (error) => {
                notify.error(messageOf(error, 'The answer could not be sent. Please try again.'));
              },
            },
          );
        }}
      />
    </li>
  );
}

/**
 * The creator's milestones on an accepted deal: each one's money, Submit and Dispute. Opened at a
 * milestone (`?milestone=<id>`, a notice's link), that one is brought into view and focused once
 * what Paylock sent (shown in every milestone above it) has loaded.
 */
export function CreatorMilestones({
  deal,
  openAt = null,
}: {
  deal: DealDto;
  /** The milestone the page's address names. */
  openAt?: string | null;
}) {
  const sendsQuery = useDealNoticeSends(deal.id);
  const sends = sendsQuery.data?.items ?? [];
  const focusRefOf = useFocusOnArrival(sendsQuery.isPending ? null : openAt);
  return (
    <section aria-labelledby="deal-milestones" className="flex flex-col gap-3">
      <h2 id="deal-milestones" className="text-lg font-semibold">
        Milestones and payments
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The brand pays each milestone before the work starts; the payment is secured with Razorpay
        and released to you when the brand approves your delivery, or automatically{' '}
        {deal.approvalWindowDays} {deal.approvalWindowDays === 1 ? 'day' : 'days'} after it without
        an answer. Up to {deal.revisionRounds} {deal.revisionRounds === 1 ? 'round' : 'rounds'} of
        changes.
      </p>
      <ul className="flex flex-col gap-4">
        {deal.milestones.map((milestone) => (
          <CreatorMilestone
            key={milestone.id}
            dealId={deal.id}
            milestone={milestone}
            active={deal.state === 'accepted'}
            history={deal.history}
            sends={sends}
            headingRef={focusRefOf(milestone.id)}
          />
        ))}
      </ul>
    </section>
  );
}
