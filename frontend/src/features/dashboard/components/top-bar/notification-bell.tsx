import { Bell } from 'lucide-react';

/** The specification's notification badge: a fixed number until notifications exist. */
export const NOTIFICATION_BADGE_COUNT = 2;

/** The bell with its badge. Not a button: there is nothing to open yet. */
export function NotificationBell({ count = NOTIFICATION_BADGE_COUNT }: { count?: number }) {
  return (
    <span
      role="img"
      aria-label={`Notifications: ${count}`}
      className="relative inline-flex size-10 items-center justify-center text-slate-600 dark:text-slate-300"
    >
      <Bell aria-hidden="true" className="size-5" />
      <span
        aria-hidden="true"
        className="absolute top-1 right-1 inline-flex min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-4.5 font-semibold text-white"
      >
        {count}
      </span>
    </span>
  );
}
