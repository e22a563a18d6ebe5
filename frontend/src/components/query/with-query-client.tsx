import { QueryClientContext } from '@tanstack/react-query';
import { lazy, use, type ReactNode } from 'react';

// The query library is the largest piece a page can do without until it needs server state: it
// loads with the first component that does, keeping it out of the landing page's first load.
const QueryRegion = lazy(async () => ({
  default: (await import('./query-region')).QueryRegion,
}));

/**
 * Gives `children` the app's query client, loading the query library first (they suspend
 * meanwhile). Every region shares one cache. Inside an existing QueryClientProvider (tests) it
 * adds nothing.
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  if (use(QueryClientContext)) return children;
  return <QueryRegion>{children}</QueryRegion>;
}
