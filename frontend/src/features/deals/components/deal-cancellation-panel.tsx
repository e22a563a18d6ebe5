import { zodResolver } from '@hookform/resolvers/zod';
import { Ban } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import type {
  AgreedCancellationDto,
  CancellationProposalDto,
  MilestoneMoneyDto,
} from '@/api/generated/types.gen';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/utils/format-date-time';
import {
  CANCELLATION_REASON_LIMITS,
  cancellationConsequences,
  cancellationSchema,
  type CancellationViewer,
  proposalBlockedBecause,
  proposerLabel,
} from '../cancellation';
import { MoneyActionDialog } from './milestone-money-parts';

/** The four moves, each resolving once the server answered (rejecting with its error). */
export interface CancellationMoves {
  propose: (reason: string) => Promise<unknown>;
  withdraw: () => Promise<unknown>;
  agree: () => Promise<unknown>;
  decline: () => Promise<unknown>;
  pending: boolean;
}

const failed = (error: unknown) => {
  notify.error(messageOf(error, 'That did not work. Reload the page and try again.'));
};

const BOX =
  'flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900';

function ProposeForm({
  consequences,
  moves,
  onClose,
}: {
  consequences: string;
  moves: CancellationMoves;
  onClose: () => void;
}) {
  const form = useForm<
    z.input<typeof cancellationSchema>,
    unknown,
    z.output<typeof cancellationSchema>
  >({ resolver: zodResolver(cancellationSchema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;
  const id = useId();
  return (
    <form
      noValidate
      aria-label="Propose cancellation"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        void form.handleSubmit(async ({ reason }) => {
          try {
            await moves.propose(reason);
            notify.success('Cancellation proposed: the other party has been e-mailed');
            onClose();
          } catch (failure) {
            failed(failure);
          }
        })(event);
      }}
    >
      <fieldset disabled={moves.pending} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className={fieldLabelClass}>
            Why should the deal be cancelled?
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={CANCELLATION_REASON_LIMITS.max}
            className={fieldControlClass(Boolean(error))}
            {...errorAttributes(`${id}-reason-error`, error)}
            {...form.register('reason')}
          />
          <FieldError id={`${id}-reason-error`} message={error} />
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">{consequences}</p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" pending={moves.pending} pendingLabel="Sending…">
            Send the proposal
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep the deal
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function OpenProposal({
  viewer,
  proposal,
  consequences,
  moves,
}: {
  viewer: CancellationViewer;
  proposal: CancellationProposalDto;
  consequences: string;
  moves: CancellationMoves;
}) {
  const [confirming, setConfirming] = useState(false);
  const mine = proposal.by === viewer;
  const run = (move: () => Promise<unknown>, done: string) => {
    move().then(() => {
      setConfirming(false);
      notify.success(done);
    }, failed);
  };
  return (
    <div className="flex flex-col gap-3" role="group" aria-label="The open proposal">
      <p className="font-medium">
        {proposerLabel(proposal.by, viewer)} proposed to cancel this deal on{' '}
        <time dateTime={proposal.at}>{formatDateTime(proposal.at)}</time>.
      </p>
      <blockquote className="rounded-lg bg-slate-50 p-3 whitespace-pre-wrap text-slate-800 dark:bg-slate-800 dark:text-slate-100">
        {proposal.reason}
      </blockquote>
      <p className="text-sm text-slate-700 dark:text-slate-300">{consequences}</p>
      {mine ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Waiting for the {viewer === 'creator' ? 'brand' : 'creator'} to agree or decline.
          </p>
          <Button
            variant="secondary"
            className="self-start"
            disabled={moves.pending}
            onClick={() => {
              run(moves.withdraw, 'Proposal withdrawn: the deal goes on');
            }}
          >
            Withdraw the proposal
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button
            variant="danger"
            disabled={moves.pending}
            onClick={() => {
              setConfirming(true);
            }}
          >
            Agree to cancel
          </Button>
          <Button
            variant="secondary"
            disabled={moves.pending}
            onClick={() => {
              run(moves.decline, 'Proposal declined: the deal goes on');
            }}
          >
            Decline, keep the deal
          </Button>
        </div>
      )}
      <MoneyActionDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel the deal?"
        description={`${consequences} This cannot be undone.`}
        confirmLabel="Agree and cancel the deal"
        pendingLabel="Cancelling…"
        danger
        isPending={moves.pending}
        onConfirm={() => {
          run(moves.agree, 'Deal cancelled');
        }}
      />
    </div>
  );
}

/**
 * Cancelling an accepted deal by agreement (contract clause 7), for either party: the open
 * proposal (who, when, why) with Withdraw for its proposer or Agree / Decline for the other
 * party, or "Propose cancellation" with a reason; once cancelled, how it was agreed.
 */
export function DealCancellationPanel({
  viewer,
  deal: { state, milestones, cancellation, cancelledByAgreement },
  moves,
}: {
  viewer: CancellationViewer;
  /** The deal as the creator's deal page or the brand's money view has it. */
  deal: {
    state: string;
    milestones: readonly Pick<MilestoneMoneyDto, 'state' | 'name' | 'amountPaise'>[];
    cancellation: CancellationProposalDto | null;
    cancelledByAgreement: AgreedCancellationDto | null;
  };
  moves: CancellationMoves;
}) {
  const [proposing, setProposing] = useState(false);
  const id = useId();
  if (state === 'cancelled' && cancelledByAgreement) {
    return (
      <section aria-labelledby={`${id}-title`} className={BOX}>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Cancelled by agreement
        </h2>
        <p>
          {proposerLabel(cancelledByAgreement.proposedBy, viewer)} proposed it; both parties agreed
          on{' '}
          <time dateTime={cancelledByAgreement.agreedAt}>
            {formatDateTime(cancelledByAgreement.agreedAt)}
          </time>
          .
        </p>
        <blockquote className="rounded-lg bg-slate-50 p-3 whitespace-pre-wrap text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {cancelledByAgreement.reason}
        </blockquote>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Funded milestones whose work was not approved are refunded to the brand; approved ones are
          still paid to the creator. Each milestone below shows where its money is.
        </p>
      </section>
    );
  }
  if (state !== 'accepted') return null;
  const consequences = cancellationConsequences(milestones);
  const blocked = proposalBlockedBecause(milestones);
  return (
    <section aria-labelledby={`${id}-title`} className={BOX}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Cancelling the deal
      </h2>
      {cancellation ? (
        <OpenProposal
          viewer={viewer}
          proposal={cancellation}
          consequences={consequences}
          moves={moves}
        />
      ) : proposing ? (
        <ProposeForm
          consequences={consequences}
          moves={moves}
          onClose={() => {
            setProposing(false);
          }}
        />
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            An accepted deal is cancelled only if both parties agree (contract clause 7).
          </p>
          <Button
            variant="secondary"
            className="self-start"
            disabled={Boolean(blocked)}
            aria-describedby={blocked ? `${id}-blocked` : undefined}
            onClick={() => {
              setProposing(true);
            }}
          >
            <Ban aria-hidden="true" className="size-4" />
            Propose cancellation
          </Button>
          {blocked && (
            <p id={`${id}-blocked`} className="text-sm text-amber-900 dark:text-amber-100">
              {blocked}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
