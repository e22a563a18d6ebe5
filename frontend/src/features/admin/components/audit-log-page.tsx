import { useState } from 'react';
import type { AuditEventDto } from '@/api/generated/types.gen';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/admin-queries';
import { QueryState } from './query-state';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });
const ACTIONS: Record<string, string> = {
  'waitlist.exported': 'Exported the waitlist',
  'mail.retried': 'Retried a failed e-mail',
  'dispute.resolved': 'Decided a dispute',
  'nudge.sent': 'Nudged a brand',
  'support.answered': 'Answered a support request',
  'retention.applied': 'Retention: erased or removed records past their period',
};

const COLUMNS: ColumnDef<AuditEventDto>[] = [
  {
    id: 'at',
    header: 'When',
    cell: ({ row }) => (
      <time dateTime={row.original.at}>{dateTime.format(new Date(row.original.at))}</time>
    ),
  },
  { id: 'admin', header: 'Admin', cell: ({ row }) => row.original.actor.email },
  {
    id: 'action',
    header: 'Action',
    cell: ({ row: { original: event } }) => (
      <>
        {ACTIONS[event.action] ?? event.action}
        {event.details.completed === false && ' (stopped early)'}
      </>
    ),
  },
  {
    id: 'details',
    header: 'Details',
    cell: ({ row: { original: event } }) => (
      <span className="font-mono text-xs break-all whitespace-normal">
        {event.details.filter ??
          (event.details.messageId
            ? `message ${event.details.messageId}`
            : event.details.dealId
              ? `deal ${event.details.dealId}`
              : '—')}
      </span>
    ),
  },
  { id: 'rows', header: 'Rows', cell: ({ row }) => row.original.details.rowCount ?? '—' },
];

export function AdminAuditLogPage() {
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, error } = useAuditLog(page);
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold text-slate-900 dark:text-white">Audit log</h1>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        What admins did, newest first. Kept as written: entries are never changed or removed.
      </p>
      <QueryState isPending={isPending} error={error} label="audit log">
        <DataTable
          caption="Admin actions"
          columns={COLUMNS}
          rows={data?.items ?? []}
          getRowId={(event) => event.id}
          paging={{ page, pageSize: AUDIT_PAGE_SIZE, total: data?.total ?? 0 }}
          onPageChange={setPage}
          isFetching={isFetching}
          emptyState={<p className="text-slate-600 dark:text-slate-300">Nothing recorded yet.</p>}
        />
      </QueryState>
    </>
  );
}
