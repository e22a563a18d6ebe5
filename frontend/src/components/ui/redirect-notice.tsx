import { useLocation } from 'react-router';

/** Location state a guard leaves behind when it redirects: why the visitor landed here. */
export interface RedirectState {
  from: string;
  notice: string;
}

const noticeOf = (state: unknown): string | null =>
  typeof state === 'object' &&
  state !== null &&
  'notice' in state &&
  typeof state.notice === 'string'
    ? state.notice
    : null;

export function RedirectNotice() {
  const notice = noticeOf(useLocation().state);
  if (!notice) return null;
  return (
    <p
      role="status"
      className="bg-amber-50 px-4 py-2 text-center text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      {notice}
    </p>
  );
}
