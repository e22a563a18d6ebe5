import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getInsightsAnalyticsOptions,
  getInsightsOptions,
} from '@/api/generated/@tanstack/react-query.gen';
import type { GetInsightsAnalyticsData } from '@/api/generated/types.gen';

export type PeriodQuery = NonNullable<GetInsightsAnalyticsData['query']>;

/** Money, speed and flow for the period and the one before it, overall and per brand. */
export function useAnalytics(query: PeriodQuery) {
  return useQuery({
    ...getInsightsAnalyticsOptions({ query }),
    placeholderData: keepPreviousData,
  });
}

/** The insight sentences with their evidence, and what's coming by day. */
export function useInsights(query: PeriodQuery) {
  return useQuery({ ...getInsightsOptions({ query }), placeholderData: keepPreviousData });
}
