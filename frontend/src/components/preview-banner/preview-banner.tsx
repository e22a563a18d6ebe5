import { useQuery } from '@tanstack/react-query';
import { checkLivenessOptions } from '../../api/generated/@tanstack/react-query.gen';
import { fetchWithTimeout } from '../../lib/fetch-with-timeout';

export const PREVIEW_POLL_INTERVAL_MS = 2000;
// Shorter than the poll interval, so a hung backend reads as disconnected before the next probe.
const PROBE_TIMEOUT_MS = 1500;

const texts = {
  running: 'Preview backend running in this workspace.',
  disconnected: 'Preview backend disconnected.',
} as const;

/** Tells whoever tries the preview whether its backend answers, polling the liveness probe. */
export function PreviewBanner() {
  const { status } = useQuery({
    ...checkLivenessOptions({ fetch: fetchWithTimeout(PROBE_TIMEOUT_MS) }),
    refetchInterval: PREVIEW_POLL_INTERVAL_MS,
    retry: false,
  });
  const state = status === 'success' ? 'running' : status === 'error' ? 'disconnected' : null;

  return (
    <div
      role="status"
      className="pointer-events-none fixed bottom-3 left-3 z-40 max-w-[calc(100vw-1.5rem)] empty:hidden"
    >
      {state && (
        <p className="flex items-center gap-2 rounded-full border border-slate-200 bg-white/95 px-3 py-1.5 text-xs font-medium text-slate-700 shadow-sm dark:border-slate-700 dark:bg-slate-900/95 dark:text-slate-200">
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${state === 'running' ? 'bg-emerald-500' : 'bg-red-500'}`}
          />
          {texts[state]}
        </p>
      )}
    </div>
  );
}
