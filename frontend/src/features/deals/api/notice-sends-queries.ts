import { useQuery } from '@tanstack/react-query';
import { listDealNoticeSendsOptions } from '@/api/generated/@tanstack/react-query.gen';
import { listBrandNoticeSends } from '@/api/generated/sdk.gen';

/** How often an open deal page reads its sends again (an e-mail goes from queued to sent). */
const SENDS_REFRESH_MS = 30_000;

/** What Paylock sent about one of the creator's deals (both sides). */
export function useDealNoticeSends(dealId: string) {
  return useQuery({
    ...listDealNoticeSendsOptions({ path: { dealId } }),
    refetchInterval: SENDS_REFRESH_MS,
  });
}

/** What Paylock sent to the brand about the deal, by its review link. */
export function useBrandNoticeSends(token: string) {
  return useQuery({
    queryKey: ['brand-notice-sends', token],
    queryFn: async ({ signal }) => {
      const { data } = await listBrandNoticeSends({ body: { token }, signal, throwOnError: true });
      return data;
    },
    retry: false,
    refetchInterval: SENDS_REFRESH_MS,
  });
}
