import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  erasePayoutProfileMutation,
  getPayoutProfileOptions,
  getPayoutProfileQueryKey,
  savePayoutProfileMutation,
} from '@/api/generated/@tanstack/react-query.gen';
import { downloadPayoutPersonalData } from '@/api/generated/sdk.gen';
import { messageOf } from '@/lib/api-error';
import { downloadBlob } from '@/lib/download-blob';

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

const DOWNLOAD_FAILED = 'We could not download your payout data. Please try again.';

export const PAYOUT_DATA_FILE = 'paylock-payout-profile-my-data.json';

/**
 * "Download my payout data": the API's JSON (PAN and account number in full: the person's own
 * download), saved as a file by the browser and never kept in the query cache.
 */
export function useDownloadPayoutData() {
  return useMutation({
    mutationFn: async () => {
      const { data, error } = await downloadPayoutPersonalData();
      if (error !== undefined) throw new Error(messageOf(error, DOWNLOAD_FAILED));
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      downloadBlob(blob, PAYOUT_DATA_FILE);
    },
  });
}

/** Deletes the payout profile; the page then reads it again (not started). */
export function useErasePayoutProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    ...erasePayoutProfileMutation(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getPayoutProfileQueryKey() });
    },
  });
}
