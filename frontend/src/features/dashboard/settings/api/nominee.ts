import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getNomineeOptions,
  getNomineeQueryKey,
  removeNomineeMutation,
  setNomineeMutation,
} from '@/api/generated/@tanstack/react-query.gen';

/** The nominee the person named, if any. */
export function useNominee() {
  return useQuery(getNomineeOptions());
}

/** Names or changes the nominee; the page shows the server's answer. */
export function useSetNominee() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...setNomineeMutation(),
    onSuccess: (answer) => {
      queryClient.setQueryData(getNomineeQueryKey(), answer);
    },
  });
  return {
    ...mutation,
    save: (name: string, email: string) => mutation.mutateAsync({ body: { name, email } }),
  };
}

export function useRemoveNominee() {
  const queryClient = useQueryClient();
  return useMutation({
    ...removeNomineeMutation(),
    onSuccess: () => {
      queryClient.setQueryData(getNomineeQueryKey(), { nominee: null });
    },
  });
}
