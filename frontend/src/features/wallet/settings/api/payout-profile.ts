import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getPayoutProfileOptions,
  getPayoutProfileQueryKey,
  savePayoutProfileMutation,
} from '@/api/generated/@tanstack/react-query.gen';

/** The signed-in creator's payout profile: masked values and each step's status. */
export function usePayoutProfile() {
  return useQuery(getPayoutProfileOptions());
}

/** Saves the profile; the answer (masked) replaces the cached one. */
export function useSavePayoutProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    ...savePayoutProfileMutation(),
    onSuccess: (profile) => {
      queryClient.setQueryData(getPayoutProfileQueryKey(), profile);
    },
  });
}
