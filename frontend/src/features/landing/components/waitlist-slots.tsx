import { lazy, Suspense } from 'react';
import { WithQueryClient } from '@/components/query/with-query-client';
import { EARLY_ACCESS_SLOTS_TEXT } from './waitlist-slots-text';

// The live count is secondary: it (and the API client) loads after the page is interactive.
const LiveSlotsCount = lazy(async () => ({
  default: (await import('./live-slots-count')).LiveSlotsCount,
}));

/** The early-access offer, with the live number of slots left once the API has told us. */
export function WaitlistSlots() {
  return (
    <p className="text-sm font-medium text-indigo-800 dark:text-indigo-200">
      <Suspense fallback={EARLY_ACCESS_SLOTS_TEXT}>
        <WithQueryClient>
          <LiveSlotsCount />
        </WithQueryClient>
      </Suspense>
    </p>
  );
}
