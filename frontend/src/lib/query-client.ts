import { QueryClient } from '@tanstack/react-query';

/** Unused query data is kept 60 s after its last observer goes away. */
export const QUERY_GC_TIME_MS = 60_000;

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { gcTime: QUERY_GC_TIME_MS } } });
