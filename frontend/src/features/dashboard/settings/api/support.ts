import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSupportRequestMutation,
  listMySupportRequestsOptions,
  listMySupportRequestsQueryKey,
} from '@/api/generated/@tanstack/react-query.gen';

/** The person's own requests and support's answers, newest first. */
export function useMySupportRequests() {
  return useQuery(listMySupportRequestsOptions());
}

/** Sends support a question; the answer carries its reference. */
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
    send: (subject: string, message: string) =>
      mutation.mutateAsync({ body: { subject, message } }),
  };
}
