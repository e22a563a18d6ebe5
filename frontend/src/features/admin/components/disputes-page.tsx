import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import * as z from 'zod';
import type { DisputeDetailDto, DisputeListItemDto } from '@/api/generated/types.gen';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { FieldError } from '@/components/ui/field-error';
import { errorAttributes, fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';
import { MilestoneStateBadge } from '@/entities/milestone/milestone-state-badge';
import { milestoneStateLabels } from '@/entities/milestone/milestone-states';
import { Modal } from '@/components/ui/modal';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { formatDateTime } from '@/utils/format-date-time';
import { formatMoney } from '@/utils/format-money';
import {
  DISPUTES_PAGE_SIZE,
  useDispute,
  useDisputes,
  useResolveDispute,
} from '../api/admin-queries';
import { QueryState } from './query-state';
import { adminDisputesPath } from '../admin-paths';

type Decision = 'release' | 'refund';
const NOTE_MAX = 2000;
const sides = { creator: 'Creator', brand: 'Brand', system: 'Paylock', admin: 'Admin' } as const;
const decisionWords: Record<Decision, string> = {
  release: 'Release to the creator',
  refund: 'Refund the brand',
};
const actionWords: Record<string, string> = {
  fund: 'Payment secured with Razorpay',
  submit: 'Delivered',
  approve: 'Approved',
  request_changes: 'Changes requested',
  dispute: 'Dispute opened',
  answer_dispute: 'Dispute answered',
  resolve_release: 'Decided: release',
  resolve_refund: 'Decided: refund',
  release: 'Released',
  settle: 'Paid out',
  refund: 'Refunded',
};
const disputePath = (id: string) => `${adminDisputesPath}/${encodeURIComponent(id)}`;
/** The API answers null for an undecided dispute (openapi.yaml does not say so yet). */
const decisionOf = (item: DisputeListItemDto): Decision | null => {
  const decision: unknown = item.decision;
  return decision === 'release' || decision === 'refund' ? decision : null;
};

const CARD =
  'rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

const COLUMNS: ColumnDef<DisputeListItemDto>[] = [
  {
    id: 'opened',
    header: 'Opened',
    cell: ({ row }) => (
      <time dateTime={row.original.openedAt} className="whitespace-nowrap">
        {formatDateTime(row.original.openedAt)}
      </time>
    ),
  },
  {
    id: 'deal',
    header: 'Deal and milestone',
    cell: ({ row: { original: item } }) => (
      <Link
        to={disputePath(item.id)}
        className="font-medium text-indigo-800 underline-offset-2 hover:underline dark:text-indigo-200"
      >
        {item.dealTitle}: {item.milestoneName}
      </Link>
    ),
  },
  { id: 'brand', header: 'Brand', cell: ({ row }) => row.original.brandCompany },
  { id: 'by', header: 'By', cell: ({ row }) => sides[row.original.openedBy] },
  {
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatMoney(row.original.amountPaise)}</span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: item } }) => {
      const decision = decisionOf(item);
      return decision ? `Decided: ${decision}` : <MilestoneStateBadge state={item.state} />;
    },
  },
];

/** Disputes, open ones first, each linking to its detail. */
export function AdminDisputesPage() {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useDisputes(page);
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold text-slate-900 dark:text-white">Disputes</h1>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        Milestones a creator or a brand disputed, open ones first. The payment stays secured with
        Razorpay until an admin releases or refunds it; every decision is in the audit log.
      </p>
      <QueryState isPending={isPending} error={error} label="disputes">
        <DataTable
          caption="Disputes"
          columns={COLUMNS}
          rows={data?.items ?? []}
          getRowId={(item) => item.id}
          paging={{ page, pageSize: DISPUTES_PAGE_SIZE, total: data?.total ?? 0 }}
          onPageChange={setPage}
          noun={['dispute', 'disputes']}
          emptyState={<p className="text-slate-600 dark:text-slate-300">No disputes.</p>}
        />
      </QueryState>
    </>
  );
}

const resolutionSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, 'Write why you decided this: both sides read it')
    .refine(
      (text) => Array.from(text).length <= NOTE_MAX,
      `The note must be at most ${String(NOTE_MAX)} characters`,
    ),
});

function ResolveDialog({
  dispute,
  decision,
  onClose,
}: {
  dispute: DisputeDetailDto;
  decision: Decision | null;
  onClose: () => void;
}) {
  const resolve = useResolveDispute();
  const form = useForm<
    z.input<typeof resolutionSchema>,
    unknown,
    z.output<typeof resolutionSchema>
  >({ resolver: zodResolver(resolutionSchema), defaultValues: { note: '' } });
  const error = form.formState.errors.note?.message;
  const amount = formatMoney(dispute.amountPaise);
  return (
    <Modal
      open={decision !== null}
      onOpenChange={(open) => {
        if (!open) {
          form.reset();
          onClose();
        }
      }}
      title={decision === 'refund' ? 'Refund the brand?' : 'Release to the creator?'}
      description={
        decision === 'refund'
          ? `${amount} goes back to ${dispute.brandCompany}. This cannot be undone.`
          : `${amount} is released to the creator. This cannot be undone.`
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          void form.handleSubmit(({ note }) => {
            if (!decision) return;
            resolve.mutate(
              { path: { disputeId: dispute.id }, body: { decision, note } },
              {
                onSuccess: () => {
                  form.reset();
                  onClose();
                  notify.success(decision === 'refund' ? 'Refund decided' : 'Release decided');
                },
                onError: (failure) => {
                  notify.error(messageOf(failure, 'The decision was not saved. Please try again.'));
                },
              },
            );
          })(event);
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="resolution-note" className={fieldLabelClass}>
            Note to both sides
          </label>
          <textarea
            id="resolution-note"
            rows={4}
            maxLength={NOTE_MAX}
            className={fieldControlClass(Boolean(error))}
            {...errorAttributes('resolution-note-error', error)}
            {...form.register('note')}
          />
          <FieldError id="resolution-note-error" message={error} />
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={resolve.isPending}
            className="rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 disabled:opacity-60"
          >
            {resolve.isPending ? 'Saving…' : decision ? decisionWords[decision] : ''}
          </button>
          <Dialog.Close asChild>
            <button
              type="button"
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-700"
            >
              Cancel
            </button>
          </Dialog.Close>
        </div>
      </form>
    </Modal>
  );
}

/** The other side's answer to the dispute, or that it has not answered (yet). */
function DisputeAnswer({ dispute }: { dispute: DisputeDetailDto['dispute'] }) {
  const otherSide = dispute.openedBy === 'creator' ? 'brand' : 'creator';
  return (
    <div className="flex flex-col gap-1">
      <h3 className="font-medium">{sides[otherSide]}’s answer</h3>
      {dispute.answer ? (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Answered on {formatDateTime(dispute.answer.at)}
          </p>
          <blockquote className="rounded-lg bg-slate-50 p-2 whitespace-pre-wrap dark:bg-slate-800">
            {dispute.answer.note}
          </blockquote>
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {dispute.resolution ? 'It did not answer.' : 'No answer yet.'}
        </p>
      )}
    </div>
  );
}

function DisputeDetail({ dispute }: { dispute: DisputeDetailDto }) {
  const [decision, setDecision] = useState<Decision | null>(null);
  const { milestone } = dispute;
  const resolution = dispute.dispute.resolution;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
          Dispute: {dispute.milestoneName}
        </h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {dispute.dealTitle} · {dispute.brandCompany} · {formatMoney(dispute.amountPaise)} · opened
          by the {dispute.openedBy} on {formatDateTime(dispute.openedAt)}
        </p>
        <div>
          <MilestoneStateBadge state={milestone.state} />
        </div>
      </div>
      <section aria-labelledby="dispute-sides" className={`${CARD} flex flex-col gap-4`}>
        <h2 id="dispute-sides" className="text-lg font-semibold">
          Both sides
        </h2>
        <div className="flex flex-col gap-1">
          <h3 className="font-medium">
            {sides[dispute.dispute.openedBy]}’s reason for the dispute
          </h3>
          <blockquote className="rounded-lg bg-slate-50 p-2 whitespace-pre-wrap dark:bg-slate-800">
            {dispute.dispute.reason}
          </blockquote>
        </div>
        <DisputeAnswer dispute={dispute.dispute} />
        <div className="flex flex-col gap-1">
          <h3 className="font-medium">Creator’s delivery</h3>
          {milestone.submission ? (
            <>
              <ul className="text-sm">
                {milestone.submission.links.map((link) => (
                  <li key={link} className="break-all">
                    <a
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="text-indigo-800 underline dark:text-indigo-200"
                    >
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
              {milestone.submission.note && (
                <blockquote className="rounded-lg bg-slate-50 p-2 whitespace-pre-wrap dark:bg-slate-800">
                  {milestone.submission.note}
                </blockquote>
              )}
            </>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">Nothing delivered yet.</p>
          )}
        </div>
      </section>
      <section aria-labelledby="dispute-history" className={CARD}>
        <h2 id="dispute-history" className="mb-2 text-lg font-semibold">
          The milestone’s history
        </h2>
        <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4 text-sm dark:border-slate-700">
          {dispute.history.map((line, index) => (
            <li key={`${line.at}-${String(index)}`}>
              <p className="font-medium">
                {sides[line.by]}: {actionWords[line.action] ?? line.action} (
                {milestoneStateLabels[line.from]} → {milestoneStateLabels[line.to]})
              </p>
              <p className="text-slate-600 dark:text-slate-300">
                <time dateTime={line.at}>{formatDateTime(line.at)}</time>
              </p>
              {line.note && (
                <blockquote className="mt-1 rounded-lg bg-slate-50 p-2 whitespace-pre-wrap dark:bg-slate-800">
                  {line.note}
                </blockquote>
              )}
            </li>
          ))}
        </ol>
      </section>
      {resolution ? (
        <section aria-labelledby="dispute-decision" className={CARD} role="status">
          <h2 id="dispute-decision" className="text-lg font-semibold">
            Decided: {resolution.decision === 'release' ? 'released to the creator' : 'refunded'}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {formatDateTime(resolution.at)}
            {milestone.state === 'disputed' || milestone.state === 'approved'
              ? ' · being carried out with Razorpay…'
              : ''}
          </p>
          <blockquote className="mt-1 whitespace-pre-wrap">{resolution.note}</blockquote>
        </section>
      ) : (
        <section aria-labelledby="dispute-decide" className={`${CARD} flex flex-col gap-3`}>
          <h2 id="dispute-decide" className="text-lg font-semibold">
            Decide
          </h2>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
              onClick={() => {
                setDecision('release');
              }}
            >
              Release
            </button>
            <button
              type="button"
              className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
              onClick={() => {
                setDecision('refund');
              }}
            >
              Refund
            </button>
          </div>
        </section>
      )}
      <ResolveDialog
        dispute={dispute}
        decision={decision}
        onClose={() => {
          setDecision(null);
        }}
      />
    </div>
  );
}

/** One dispute: both sides' notes, the milestone's history, and Release / Refund. */
export function AdminDisputePage() {
  const { disputeId = '' } = useParams();
  const { data, isPending, error } = useDispute(disputeId);
  return (
    <>
      <Link
        to={adminDisputesPath}
        className="mb-4 inline-block text-sm font-medium text-indigo-800 underline-offset-2 hover:underline dark:text-indigo-200"
      >
        ← All disputes
      </Link>
      <QueryState isPending={isPending} error={error} label="dispute">
        {data && <DisputeDetail dispute={data} />}
      </QueryState>
    </>
  );
}
