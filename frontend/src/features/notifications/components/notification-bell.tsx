import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NotificationDto } from '@/api/generated/types.gen';
import {
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useUnreadCount,
} from '../api/notification-queries';
import { useNotificationPaths } from '../paths';

const PANEL_SIZE = 8;

const when = (at: string) =>
  new Date(at).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** One notice in the panel: what happened, when, its one action, and marking it read. */
export function NotificationItem({ item, onOpen }: { item: NotificationDto; onOpen?: () => void }) {
  const markRead = useMarkRead();
  const unread = item.readAt === null;
  return (
    <li className="border-b border-slate-100 px-4 py-3 last:border-b-0 dark:border-slate-800">
      <p className="text-sm font-semibold text-slate-900 dark:text-white">
        {unread && <span className="sr-only">Unread: </span>}
        {unread && (
          <span
            aria-hidden="true"
            className="mr-1.5 inline-block size-2 rounded-full bg-indigo-600"
          />
        )}
        {item.title}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{item.body}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <time dateTime={item.at} className="text-slate-600 dark:text-slate-400">
          {when(item.at)}
        </time>
        <Link
          to={item.actionPath}
          onClick={() => {
            if (unread) markRead.mutate({ path: { id: item.id } });
            onOpen?.();
          }}
          className="font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          {item.actionLabel}
        </Link>
        {unread && (
          <button
            type="button"
            onClick={() => {
              markRead.mutate({ path: { id: item.id } });
            }}
            className="text-slate-700 underline-offset-2 hover:underline dark:text-slate-300"
          >
            Mark read
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The top bar's bell (#39): the unread count (polled), and a panel of the latest notices with
 * their action links and marking read. Escape or a click outside closes it.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const count = useUnreadCount();
  const latest = useNotifications(PANEL_SIZE, undefined, open);
  const markAll = useMarkAllRead();
  const notificationPaths = useNotificationPaths();
  const unread = count.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={unread > 0 ? `Notifications, ${String(unread)} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((value) => !value);
        }}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 inline-flex min-w-4.5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] leading-4.5 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="Latest notifications"
          className="absolute right-0 z-40 mt-2 w-[min(24rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Notifications</h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => {
                  markAll.mutate({});
                }}
                className="text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
              >
                Mark all read
              </button>
            )}
          </div>
          {latest.error ? (
            <p className="px-4 py-6 text-sm text-red-700 dark:text-red-300">
              Could not load your notifications.
            </p>
          ) : !latest.data ? (
            <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">Loading…</p>
          ) : latest.data.items.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">
              Nothing yet. We will tell you here when money moves on your deals.
            </p>
          ) : (
            <ul className="max-h-[60vh] overflow-y-auto">
              {latest.data.items.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  onOpen={() => {
                    setOpen(false);
                  }}
                />
              ))}
            </ul>
          )}
          <div className="flex justify-between border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-700">
            <Link
              to={notificationPaths.list}
              onClick={() => {
                setOpen(false);
              }}
              className="font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              All notifications
            </Link>
            <Link
              to={notificationPaths.preferences}
              onClick={() => {
                setOpen(false);
              }}
              className="text-slate-700 underline-offset-2 hover:underline dark:text-slate-300"
            >
              Settings
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
