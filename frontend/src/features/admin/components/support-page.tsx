import { useState } from 'react';
import type { SupportRequestDto } from '@/api/generated/types.gen';
import { Button } from '@/components/ui/button';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { Modal } from '@/components/ui/modal';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import {
  SUPPORT_PAGE_SIZE,
  type SupportFilter,
  type SupportKindFilter,
  useAnswerSupportRequest,
  useSupportRequests,
} from '../api/support-queries';
import { QueryState } from './query-state';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const FILTERS: readonly { value: Exclude<SupportFilter, undefined>; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
];
const KIND_FILTERS: readonly { value: Exclude<SupportKindFilter, undefined>; label: string }[] = [
  { value: 'question', label: 'Questions' },
  { value: 'grievance', label: 'Grievances' },
];
const STATUS_STYLES = {
  open: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  answered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
} as const;

function When({ at }: { at: string }) {
  return <time dateTime={at}>{dateTime.format(new Date(at))}</time>;
}

function AnswerDialog({ request, onClose }: { request: SupportRequestDto; onClose: () => void }) {
  const [answer, setAnswer] = useState('');
  const send = useAnswerSupportRequest();
  const problem = send.isError ? messageOf(send.error, 'The answer was not sent.') : null;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Answer: ${request.subject}`}
      description={`${request.name} (${request.email ?? 'no e-mail'}) gets it ${request.answerBy === 'sms' ? 'by SMS' : 'by e-mail'} and in their notifications.`}
    >
      <blockquote className="max-h-40 overflow-auto rounded-lg bg-slate-100 p-3 text-sm whitespace-pre-wrap dark:bg-slate-800">
        {request.message}
      </blockquote>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate(
            { path: { requestId: request.id }, body: { answer } },
            {
              onSuccess: () => {
                notify.success(`Your answer to ${request.name} is on its way`);
                onClose();
              },
            },
          );
        }}
      >
        <label htmlFor="support-answer" className="font-medium">
          Your answer
        </label>
        <textarea
          id="support-answer"
          required
          maxLength={4000}
          rows={6}
          value={answer}
          onChange={(event) => {
            setAnswer(event.target.value);
          }}
          className="rounded-lg border border-slate-400 bg-white p-2 dark:border-slate-600 dark:bg-slate-900"
        />
        {problem && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
        <div className="flex gap-3">
          <Button type="submit" pending={send.isPending} pendingLabel="Sending…">
            Send answer
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The deal a request is about, as it stood when asked: its state and latest history. */
function DealContext({ request }: { request: SupportRequestDto }) {
  const { deal } = request;
  return (
    <div className="mt-1 text-xs text-slate-600 dark:text-slate-300">
      <span className="block">
        Deal {deal ? `“${deal.title}” (${deal.state})` : request.dealId}
      </span>
      {deal && deal.recent.length > 0 && (
        <ul aria-label="Latest history of the deal" className="list-disc pl-4">
          {deal.recent.map((event) => (
            <li key={`${event.at}-${event.what}`}>
              <When at={event.at} /> · {event.by}: {event.what}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function columns(answer: (request: SupportRequestDto) => void): ColumnDef<SupportRequestDto>[] {
  return [
    { id: 'created', header: 'Asked', cell: ({ row }) => <When at={row.original.createdAt} /> },
    {
      id: 'from',
      header: 'From',
      cell: ({ row: { original: request } }) => (
        <>
          {request.name}
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            {request.party === 'brand' ? 'Brand' : 'Creator'} ·{' '}
            {request.email ?? 'answer goes by SMS'}
          </span>
        </>
      ),
    },
    {
      id: 'subject',
      header: 'Request',
      cell: ({ row: { original: request } }) => (
        <div className="max-w-md whitespace-normal">
          {request.kind === 'grievance' && (
            <span className="mb-1 inline-block rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-900 dark:bg-rose-950 dark:text-rose-100">
              Grievance: resolve within 15 days
            </span>
          )}
          <strong className="block">{request.subject}</strong>
          <span className="block text-sm">{request.message}</span>
          {request.dealId && <DealContext request={request} />}
          {request.answer && (
            <span className="mt-1 block text-sm text-emerald-800 dark:text-emerald-200">
              Answered <When at={request.answer.answeredAt} />: {request.answer.text}
            </span>
          )}
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: request } }) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[request.status]}`}
        >
          {request.status === 'open' ? 'Open' : 'Answered'}
        </span>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: request } }) =>
        request.status === 'open' && (
          <Button
            variant="secondary"
            aria-label={`Answer ${request.name}: ${request.subject}`}
            onClick={() => {
              answer(request);
            }}
          >
            Answer
          </Button>
        ),
    },
  ];
}

/** Support requests (#41): newest first, open or answered; an answer is mailed and audited. */
export function AdminSupportPage() {
  const [status, setStatus] = useState<SupportFilter>('open');
  const [kind, setKind] = useState<SupportKindFilter>(undefined);
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<SupportRequestDto | null>(null);
  const { data, isPending, isFetching, error } = useSupportRequests(status, page, kind);
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold text-slate-900 dark:text-white">Support</h1>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        Questions and grievances from creators and brands, newest first (a grievance must be
        resolved within 15 days). Your answer is e-mailed to them (texted to a brand without an
        e-mail), shown in their notifications and recorded in the audit log.
      </p>
      <div className="mb-3 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <label htmlFor="admin-support-status">Show</label>
        <select
          id="admin-support-status"
          value={status ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            setStatus(FILTERS.find((option) => option.value === value)?.value);
            setPage(1);
          }}
          className="rounded-lg border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
        >
          {FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          <option value="">All</option>
        </select>
        <label htmlFor="admin-support-kind">Kind</label>
        <select
          id="admin-support-kind"
          value={kind ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            setKind(KIND_FILTERS.find((option) => option.value === value)?.value);
            setPage(1);
          }}
          className="rounded-lg border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
        >
          <option value="">Questions and grievances</option>
          {KIND_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <QueryState isPending={isPending} error={error} label="support requests">
        <DataTable
          caption="Support requests"
          columns={columns(setAnswering)}
          rows={data?.items ?? []}
          getRowId={(request) => request.id}
          paging={{ page, pageSize: SUPPORT_PAGE_SIZE, total: data?.total ?? 0 }}
          onPageChange={setPage}
          noun={['request', 'requests']}
          isFetching={isFetching}
          emptyState={
            <p className="text-slate-600 dark:text-slate-300">
              {status === 'open' ? 'No open requests. Well done.' : 'No requests here.'}
            </p>
          }
        />
      </QueryState>
      {answering && (
        <AnswerDialog
          request={answering}
          onClose={() => {
            setAnswering(null);
          }}
        />
      )}
    </>
  );
}
