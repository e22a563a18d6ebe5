import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerSupportRequestMutation,
  listAuditLogQueryKey,
  listSupportRequestsOptions,
  listSupportRequestsQueryKey,
} from '@/api/generated/@tanstack/react-query.gen';
import type { SupportKind } from '@/api/generated/types.gen';

export const SUPPORT_PAGE_SIZE = 25;
export type SupportFilter = 'open' | 'answered' | undefined;
export type SupportKindFilter = SupportKind | undefined;

/**
 * One page of the support requests, open, answered or all, questions, grievances or both; the
 * previous page stays meanwhile.
 */
export function useSupportRequests(status: SupportFilter, page: number, kind?: SupportKindFilter) {
  return useQuery({
    ...listSupportRequestsOptions({
      query: {
        ...(status !== undefined && { status }),
        ...(kind !== undefined && { kind }),
        page,
        pageSize: SUPPORT_PAGE_SIZE,
      },
    }),
    placeholderData: keepPreviousData,
  });
}

/** Answers one request; the list and the audit log are read anew afterwards. */
export function useAnswerSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    ...answerSupportRequestMutation(),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listSupportRequestsQueryKey() }),
        queryClient.invalidateQueries({ queryKey: listAuditLogQueryKey() }),
      ]);
    },
  });
}
