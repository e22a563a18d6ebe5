import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getBrandProfileOptions,
  getBrandProfileQueryKey,
  updateBrandProfileMutation,
} from '@/api/generated/@tanstack/react-query.gen';

/** The signed-in brand's company profile; a new account has no names yet (profileRequired). */
export function useBrandProfile() {
  return useQuery({ ...getBrandProfileOptions(), retry: false });
}

/** Saves the company and contact names (the one-time step, and later edits). */
export function useSaveBrandProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateBrandProfileMutation(),
    onSuccess: (profile) => {
      queryClient.setQueryData(getBrandProfileQueryKey(), profile);
    },
  });
}

/** "+919876543210" → "+91 98765 43210", as people read a number. */
export const formatPhone = (e164: string): string => {
  const match = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return match ? `+91 ${match[1] ?? ''} ${match[2] ?? ''}` : e164;
};
