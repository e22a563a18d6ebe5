import { useState } from 'react';
import { useAuditLog } from '../api/admin-queries';
import { QueryState } from './query-state';
import { PageButtons } from './page-buttons';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });
const ACTIONS: Record<string, string> = {
  'waitlist.exported': 'Exported the waitlist',
  'mail.retried': 'Retried a failed e-mail',
  'dispute.resolved': 'Decided a dispute',
  'retention.applied': 'Retention: erased or removed records past their period',
};

export function AdminAuditLogPage() {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useAuditLog(page);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / 50));
  return (
    <>
      <h1 className="mb-1 text-2xl font-bold text-slate-900 dark:text-white">Audit log</h1>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        What admins did, newest first. Kept as written: entries are never changed or removed.
      </p>
      <QueryState isPending={isPending} error={error} label="audit log">
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Admin actions, page {page} of {pages}
            </caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                <th scope="col" className="px-3 py-2">
                  When
                </th>
                <th scope="col" className="px-3 py-2">
                  Admin
                </th>
                <th scope="col" className="px-3 py-2">
                  Action
                </th>
                <th scope="col" className="px-3 py-2">
                  Details
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Rows
                </th>
              </tr>
            </thead>
            <tbody>
              {data?.items.map((event) => (
                <tr key={event.id} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={event.at}>{dateTime.format(new Date(event.at))}</time>
                  </td>
                  <td className="px-3 py-2">{event.actor.email}</td>
                  <td className="px-3 py-2">
                    {ACTIONS[event.action] ?? event.action}
                    {event.details.completed === false && ' (stopped early)'}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs break-all">
                    {event.details.filter ??
                      (event.details.messageId ? `message ${event.details.messageId}` : '—')}
                  </td>
                  <td className="px-3 py-2 text-right">{event.details.rowCount ?? '—'}</td>
                </tr>
              ))}
              {data?.items.length === 0 && (
                <tr>
                  <td
                    colSpan={5}
                    className="px-3 py-8 text-center text-slate-600 dark:text-slate-300"
                  >
                    Nothing recorded yet.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </QueryState>
      <nav aria-label="Pages" className="mt-4 flex items-center justify-end gap-2 text-sm">
        <PageButtons page={page} pages={pages} onPage={setPage} />
      </nav>
    </>
  );
}
