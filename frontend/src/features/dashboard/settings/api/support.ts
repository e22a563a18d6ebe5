import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSupportRequestMutation,
  listMySupportRequestsOptions,
  listMySupportRequestsQueryKey,
} from '@/api/generated/@tanstack/react-query.gen';
import type { SupportKind } from '@/api/generated/types.gen';

/** The person's own requests and support's answers, newest first. */
export function useMySupportRequests() {
  return useQuery(listMySupportRequestsOptions());
}

/** Sends support a question (or the grievance officer a grievance); the answer carries its reference. */
export function useCreateSupportRequest() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...createSupportRequestMutation(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: listMySupportRequestsQueryKey() });
    },
  });
  return {
    ...mutation,
    send: (subject: string, message: string, kind: SupportKind = 'question', dealId?: string) =>
      mutation.mutateAsync({
        body: { kind, subject, message, ...(dealId !== undefined && { dealId }) },
      }),
  };
}
