import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getInsightsAnalyticsOptions,
  getInsightsOptions,
} from '@/api/generated/@tanstack/react-query.gen';
import type { GetInsightsAnalyticsData } from '@/api/generated/types.gen';

export type PeriodQuery = NonNullable<GetInsightsAnalyticsData['query']>;

/** A refused range's field messages (the API's 400 body), if that is what `error` is. */
export function rangeErrorsOf(error: unknown): Record<string, string> | undefined {
  if (typeof error !== 'object' || error === null || !('errors' in error)) return undefined;
  const { errors } = error;
  return typeof errors === 'object' && errors !== null
    ? (errors as Record<string, string>)
    : undefined;
}

/** A refused range is not tried again: the same request would be refused the same way. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !rangeErrorsOf(error) && failures < 3;

/** Money, speed and flow for the period and the one before it, overall and per brand. */
export function useAnalytics(query: PeriodQuery) {
  return useQuery({
    ...getInsightsAnalyticsOptions({ query }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** The insight sentences with their evidence, and what's coming by day. */
export function useInsights(query: PeriodQuery) {
  return useQuery({
    ...getInsightsOptions({ query }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
