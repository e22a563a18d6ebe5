import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeContactEmailMutation,
  confirmContactEmailMutation,
  getContactEmailOptions,
  getContactEmailQueryKey,
} from '@/api/generated/@tanstack/react-query.gen';

/** Where the creator's notices are mailed, and the change waiting for its link. */
export function useContactEmail() {
  return useQuery(getContactEmailOptions());
}

/** Asks for a new contact address (a link goes to it); the page shows the server's answer. */
export function useChangeContactEmail() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...changeContactEmailMutation(),
    onSuccess: (status) => {
      queryClient.setQueryData(getContactEmailQueryKey(), status);
    },
  });
  return { ...mutation, change: (email: string) => mutation.mutateAsync({ body: { email } }) };
}

/** Opens the mailed link: the token is sent once. */
export function useConfirmContactEmail() {
  return useMutation(confirmContactEmailMutation());
}
