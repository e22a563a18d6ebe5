import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../lib/query-client';

// One cache for the whole page, shared by every region (they load on demand, see WithQueryClient).
const queryClient = createQueryClient();

export function QueryRegion({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
