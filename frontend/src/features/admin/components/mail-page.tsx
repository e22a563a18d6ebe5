import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { OutboxMessageDto, OutboxStatus } from '@/api/generated/types.gen';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { notify } from '@/lib/notify';
import { MAIL_PAGE_SIZE, useOutboxMessages, useRetryOutboxMessage } from '../api/admin-queries';
import { QueryState } from './query-state';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });

const STATUSES: readonly { value: OutboxStatus; label: string }[] = [
  { value: 'queued', label: 'Queued' },
  { value: 'sending', label: 'Sending' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
];
const STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};
const STATUS_STYLES: Record<OutboxStatus, string> = {
  queued: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  sending: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  sent: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};
const KINDS: Record<string, string> = { 'waitlist-confirmation': 'Waitlist confirmation' };

function When({ at }: { at: string }) {
  return <time dateTime={at}>{dateTime.format(new Date(at))}</time>;
}

/** What happened to the message: the server's answer when it failed, else when it went or goes. */
function Outcome({ message }: { message: OutboxMessageDto }) {
  if (message.status === 'sent' && message.sentAt) {
    return (
      <>
        Sent <When at={message.sentAt} />
      </>
    );
  }
  return (
    <>
      {message.lastError && (
        <span className="block font-mono text-xs break-all whitespace-normal text-red-800 dark:text-red-200">
          {message.lastError}
        </span>
      )}
      {message.status === 'failed' && message.failedAt && (
        <span className="block">
          Failed <When at={message.failedAt} />
        </span>
      )}
      {message.nextAttemptAt && (
        <span className="block">
          Next attempt <When at={message.nextAttemptAt} />
        </span>
      )}
    </>
  );
}

function RetryButton({ message }: { message: OutboxMessageDto }) {
  const retry = useRetryOutboxMessage();
  return (
    <button
      type="button"
      disabled={retry.isPending}
      aria-label={`Retry the e-mail to ${message.recipientEmail}`}
      onClick={() => {
        retry.mutate(
          { path: { id: message.id } },
          {
            onSuccess: () => {
              notify.success(`The e-mail to ${message.recipientEmail} is queued again`);
            },
            onError: (failure) => {
              notify.error(failure.message);
            },
          },
        );
      }}
      className="inline-flex items-center gap-1 rounded-lg border border-indigo-700 px-3 py-1 text-sm font-semibold text-indigo-800 hover:bg-indigo-50 disabled:opacity-60 dark:border-indigo-300 dark:text-indigo-200 dark:hover:bg-indigo-950"
    >
      <RotateCcw aria-hidden="true" className="size-4" />
      {retry.isPending ? 'Retrying…' : 'Retry'}
    </button>
  );
}

const COLUMNS: ColumnDef<OutboxMessageDto>[] = [
  { id: 'created', header: 'Created', cell: ({ row }) => <When at={row.original.createdAt} /> },
  { id: 'recipient', header: 'Recipient', cell: ({ row }) => row.original.recipientEmail },
  {
    id: 'subject',
    header: 'Subject',
    cell: ({ row: { original: message } }) => (
      <>
        {message.subject ?? '—'}
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          {KINDS[message.kind] ?? message.kind}
        </span>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: message } }) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[message.status]}`}
      >
        {STATUS_LABELS[message.status]}
      </span>
    ),
  },
  { id: 'attempts', header: 'Attempts', cell: ({ row }) => row.original.attempts },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ row }) => (
      <div className="max-w-md">
        <Outcome message={row.original} />
      </div>
    ),
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => row.original.status === 'failed' && <RetryButton message={row.original} />,
  },
];

/** The mail outbox: what was queued, sent or failed (with the SMTP answer), and a retry. */
export function AdminMailPage() {
  const [status, setStatus] = useState<OutboxStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, error } = useOutboxMessages(status, page);
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold text-slate-900 dark:text-white">Mail</h1>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        The outbox, newest first. A failed message shows the mail server&apos;s answer and can be
        retried.
      </p>
      <div className="mb-3 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <label htmlFor="admin-mail-status">Status</label>
        <select
          id="admin-mail-status"
          value={status ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            setStatus(STATUSES.find((option) => option.value === value)?.value);
            setPage(1);
          }}
          className="rounded-lg border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
        >
          <option value="">All</option>
          {STATUSES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <QueryState isPending={isPending} error={error} label="outbox">
        <DataTable
          caption="Outbox messages"
          columns={COLUMNS}
          rows={data?.items ?? []}
          getRowId={(message) => message.id}
          paging={{ page, pageSize: MAIL_PAGE_SIZE, total: data?.total ?? 0 }}
          onPageChange={setPage}
          noun={['message', 'messages']}
          isFetching={isFetching}
          emptyState={
            <p className="text-slate-600 dark:text-slate-300">
              {status ? 'No messages in this status.' : 'No e-mail has been queued yet.'}
            </p>
          }
        />
      </QueryState>
    </>
  );
}
