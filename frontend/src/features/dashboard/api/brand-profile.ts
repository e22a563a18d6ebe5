import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../api/generated/client.gen';

export interface BrandProfile {
  companyName: string | null;
  contactName: string | null;
  maskedPhoneNumber: string;
}

export interface BrandProfileChange {
  companyName: string;
  contactName: string;
}

const PROFILE_KEY = ['brand-profile'] as const;
const PROFILE_URL = '/api/v1/brand/profile';

/** The signed-in brand's company profile; a new account has no names yet. */
export function useBrandProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async () => {
      const { data } = await client.get<{ 200: BrandProfile }, unknown, true>({
        security: [{ scheme: 'bearer', type: 'http' }],
        url: PROFILE_URL,
        throwOnError: true,
      });
      return data;
    },
  });
}

/** Saves the company and contact names (the one-time step, and later edits). */
export function useSaveBrandProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BrandProfileChange) => {
      const { data } = await client.put<{ 200: BrandProfile }, unknown, true>({
        security: [{ scheme: 'bearer', type: 'http' }],
        url: PROFILE_URL,
        body,
        headers: { 'Content-Type': 'application/json' },
        throwOnError: true,
      });
      return data;
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_KEY, profile);
    },
  });
}

/** Whether the one-time step (company and contact names) is still to do. */
export const needsProfile = (profile: BrandProfile): boolean =>
  !profile.companyName || !profile.contactName;
