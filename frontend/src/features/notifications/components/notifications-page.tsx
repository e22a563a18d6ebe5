import { useState } from 'react';
import { Link, Navigate, useRoutes } from 'react-router';
import type { NotificationDto } from '@/api/generated/types.gen';
import { Button } from '@/components/ui/button';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { PageHeader, QueryProblem } from '@/components/ui/page-header';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notification-queries';
import { useNotificationPaths } from '../paths';
import { NotificationPreferencesPage } from './notification-preferences';

const PAGE_SIZE = 20;

const when = (at: string) =>
  new Date(at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function MarkReadCell({ item }: { item: NotificationDto }) {
  const markRead = useMarkRead();
  if (item.readAt !== null) return <span className="text-slate-600 dark:text-slate-400">Read</span>;
  return (
    <button
      type="button"
      onClick={() => {
        markRead.mutate({ path: { id: item.id } });
      }}
      className="font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
    >
      Mark read
    </button>
  );
}

const columns: ColumnDef<NotificationDto>[] = [
  {
    id: 'at',
    header: 'When',
    cell: ({ row }) => <time dateTime={row.original.at}>{when(row.original.at)}</time>,
  },
  {
    id: 'notice',
    header: 'Notice',
    meta: { wrap: true },
    cell: ({ row }) => (
      <>
        <span className="font-semibold">{row.original.title}</span>
        <br />
        {row.original.body}
      </>
    ),
  },
  {
    id: 'action',
    header: 'Action',
    cell: ({ row }) => (
      <Link
        to={row.original.actionPath}
        className="font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
      >
        {row.original.actionLabel}
      </Link>
    ),
  },
  { id: 'read', header: 'Status', cell: ({ row }) => <MarkReadCell item={row.original} /> },
];

/**
 * Every notice, newest first, a server page at a time. The API pages by cursor (O(page) on any
 * store), so the pager goes to older and back to newer pages rather than to page numbers.
 */
export function NotificationsPage() {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const result = useNotifications(PAGE_SIZE, cursor);
  const markAll = useMarkAllRead();
  const notificationPaths = useNotificationPaths();
  const { data, error, isFetching } = result;
  return (
    <>
      <PageHeader
        title="Notifications"
        description="What Paylock told you about your deals' money."
        action={
          <div className="flex flex-wrap gap-2">
            <Link
              to={notificationPaths.preferences}
              className="self-center text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              Notification settings
            </Link>
            <Button
              variant="secondary"
              disabled={(data?.unread ?? 0) === 0}
              pending={markAll.isPending}
              pendingLabel="Marking…"
              onClick={() => {
                markAll.mutate({});
              }}
            >
              Mark all read
            </Button>
          </div>
        }
      />
      {error ? (
        <QueryProblem error={error} what="your notifications" />
      ) : !data ? (
        <LoadingIndicator label="Loading your notifications…" />
      ) : (
        <>
          <DataTable
            caption="Your notifications"
            columns={columns}
            rows={data.items}
            getRowId={(row) => row.id}
            isFetching={isFetching}
            noun={['notification', 'notifications']}
            emptyState={<p className="text-slate-700 dark:text-slate-300">No notifications yet.</p>}
          />
          <nav aria-label="Pages of notifications" className="mt-4 flex gap-2">
            <Button
              variant="secondary"
              disabled={cursors.length === 0}
              onClick={() => {
                setCursors((all) => all.slice(0, -1));
              }}
            >
              Newer
            </Button>
            <Button
              variant="secondary"
              disabled={data.nextCursor === null}
              onClick={() => {
                const next = data.nextCursor;
                if (next !== null) setCursors((all) => [...all, next]);
              }}
            >
              Older
            </Button>
          </nav>
        </>
      )}
    </>
  );
}

/** /creator/notifications/* and /brand/notifications/*: the list and the preferences. */
export function NotificationRoutes() {
  const { home } = useNotificationPaths();
  return useRoutes([
    { index: true, element: <NotificationsPage /> },
    { path: 'preferences', element: <NotificationPreferencesPage /> },
    { path: '*', element: <Navigate to={home} replace /> },
  ]);
}
