import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode, Ref } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';
import { MilestoneStateBadge } from '@/entities/milestone/milestone-state-badge';
import { Modal } from '@/components/ui/modal';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import { formatDay } from '../deal-model';
import { MONEY_LIMITS, type MoneyMilestone } from '../milestone-money';

const partyNames = { creator: 'The creator', brand: 'The brand' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A milestone's heading takes focus when a notice's link opens the page at it. */
const MILESTONE_HEADING =
  'scroll-mt-24 rounded text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500';

/**
 * One milestone's money: its state, amount, dates, the delivery (links and note) and any dispute.
 * Every text a person typed is shown as text. Its heading can be focused from script (`headingRef`,
 * when the page's address names the milestone).
 */
export function MilestoneMoneyFacts({
  milestone,
  headingLevel = 3,
  headingRef,
}: {
  milestone: MoneyMilestone;
  headingLevel?: 2 | 3;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { submission, dispute } = milestone;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Heading ref={headingRef} tabIndex={-1} className={MILESTONE_HEADING}>
          {milestone.name}
        </Heading>
        <MilestoneStateBadge state={milestone.state} />
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <Fact label="Amount">{formatMoney(milestone.amountPaise)}</Fact>
        <Fact label="Due">{formatDay(milestone.dueDate)}</Fact>
        <Fact label="Released when">{milestone.releaseCondition}</Fact>
        {milestone.fundedAt && (
          <Fact label="Payment secured with Razorpay">{formatDateTime(milestone.fundedAt)}</Fact>
        )}
        {milestone.state === 'submitted' && milestone.approvalDueAt && (
          <Fact label="Approved automatically on">
            <time dateTime={milestone.approvalDueAt}>
              {formatDateTime(milestone.approvalDueAt)}
            </time>{' '}
            unless the brand answers first
          </Fact>
        )}
        {milestone.revisionsUsed > 0 && (
          <Fact label="Rounds of changes">{milestone.revisionsUsed}</Fact>
        )}
        {milestone.approvedAt && (
          <Fact label="Approved on">{formatDateTime(milestone.approvedAt)}</Fact>
        )}
        {milestone.releasedAt && (
          <Fact label="Released on">{formatDateTime(milestone.releasedAt)}</Fact>
        )}
        {milestone.settledAt && (
          <Fact label="Paid out on">{formatDateTime(milestone.settledAt)}</Fact>
        )}
        {milestone.refundedAt && (
          <Fact label="Refunded on">{formatDateTime(milestone.refundedAt)}</Fact>
        )}
      </dl>
      {submission && (
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-medium">Delivered {formatDateTime(submission.at)}</p>
          <ul className="flex flex-col gap-1">
            {submission.links.map((link) => (
              <li key={link} className="break-all">
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="font-medium text-indigo-800 underline dark:text-indigo-200"
                >
                  {link}
                </a>
              </li>
            ))}
          </ul>
          {submission.note && (
            <blockquote className="rounded-lg bg-slate-50 p-2 whitespace-pre-wrap text-slate-800 dark:bg-slate-800 dark:text-slate-100">
              {submission.note}
            </blockquote>
          )}
        </div>
      )}
      {dispute && (
        <div className="flex flex-col gap-1 rounded-lg border border-red-200 p-3 text-sm dark:border-red-900">
          <p className="font-medium">
            {partyNames[dispute.openedBy]} opened a dispute on {formatDateTime(dispute.at)}
          </p>
          <blockquote className="whitespace-pre-wrap">{dispute.reason}</blockquote>
          {dispute.answer && (
            <>
              <p className="font-medium">
                {partyNames[dispute.answer.by]} answered on {formatDateTime(dispute.answer.at)}
              </p>
              <blockquote className="whitespace-pre-wrap">{dispute.answer.note}</blockquote>
            </>
          )}
          {dispute.resolution ? (
            <p>
              Decided on {formatDateTime(dispute.resolution.at)}:{' '}
              {dispute.resolution.decision === 'release'
                ? 'released to the creator'
                : 'refunded to the brand'}
              . <span className="whitespace-pre-wrap">{dispute.resolution.note}</span>
            </p>
          ) : (
            <p>The money stays secured with Razorpay until Paylock decides.</p>
          )}
        </div>
      )}
    </div>
  );
}

const noteSchema = (label: string, required: boolean) =>
  z.object({
    text: z
      .string()
      .trim()
      .refine((text) => !required || text.length > 0, `${label} is required`)
      .refine(
        (text) => Array.from(text).length <= MONEY_LIMITS.note,
        `${label} must be at most ${String(MONEY_LIMITS.note)} characters`,
      ),
  });

/**
 * A confirmation dialog for a money move, with a text (a note, a reason) when the move takes one.
 * The dialog stays open while the move is on its way; `onConfirm` gets the trimmed text.
 */
export function MoneyActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  textLabel,
  textRequired = true,
  danger = false,
  isPending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** The text's label; without it the dialog only confirms. */
  textLabel?: string;
  textRequired?: boolean;
  danger?: boolean;
  isPending: boolean;
  onConfirm: (text: string) => void;
}) {
  const schema = noteSchema(textLabel ?? 'Text', Boolean(textLabel) && textRequired);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { text: '' },
  });
  const error = form.formState.errors.text?.message;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      title={title}
      description={description}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          void form.handleSubmit(({ text }) => {
            onConfirm(text);
          })(event);
        }}
      >
        {textLabel && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="money-action-text" className={fieldLabelClass}>
              {textLabel}
            </label>
            <textarea
              id="money-action-text"
              rows={4}
              maxLength={MONEY_LIMITS.note}
              className={fieldControlClass(Boolean(error))}
              {...errorAttributes('money-action-text-error', error)}
              {...form.register('text')}
            />
            <FieldError id="money-action-text-error" message={error} />
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            pending={isPending}
            pendingLabel={pendingLabel}
          >
            {confirmLabel}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              form.reset();
              onOpenChange(false);
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** "Dispute" under a funded milestone, for either party. */
export function DisputeButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick}>
      Dispute
    </Button>
  );
}

/** "Answer the dispute" under a milestone the other side disputed. */
export function AnswerDisputeButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" onClick={onClick}>
      Answer the dispute
    </Button>
  );
}

/** "Answer the dispute?" with the answer, for the side that did not open it. */
export function AnswerDisputeDialog({
  subject,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subject: string;
  isPending: boolean;
  onConfirm: (note: string) => void;
}) {
  return (
    <MoneyActionDialog
      {...props}
      title="Answer the dispute?"
      description={`Paylock reads your answer beside the reason before it decides on ${subject}. You can answer once.`}
      textLabel="Your answer"
      confirmLabel="Send the answer"
      pendingLabel="Sending…"
    />
  );
}

/**
 * "Open a dispute?" with the reason, for either party: `subject` names the milestone, e.g.
 * `“Reel live”`.
 */
export function DisputeDialog({
  subject,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subject: string;
  isPending: boolean;
  onConfirm: (reason: string) => void;
}) {
  return (
    <MoneyActionDialog
      {...props}
      title="Open a dispute?"
      description={`The payment for ${subject} stays secured with Razorpay until Paylock decides to release or refund it, after reading both sides.`}
      textLabel="Reason"
      confirmLabel="Open the dispute"
      pendingLabel="Opening…"
      danger
    />
  );
}
