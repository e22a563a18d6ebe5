import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeMediaKitHandleMutation,
  editMediaKitMutation,
  getMediaKitAnalyticsOptions,
  getMediaKitOptions,
  getMediaKitQueryKey,
  publishMediaKitMutation,
} from '@/api/generated/@tanstack/react-query.gen';
import type { MediaKitDto } from '@/api/generated/types.gen';

export function useMediaKit() {
  return useQuery(getMediaKitOptions());
}

export function useMediaKitAnalytics() {
  return useQuery(getMediaKitAnalyticsOptions());
}

/** Each change answers the whole kit: it replaces the cached one. */
function useKitMutation<Options extends { onSuccess?: unknown }>(options: Options) {
  const queryClient = useQueryClient();
  return {
    ...options,
    onSuccess: (kit: MediaKitDto) => {
      queryClient.setQueryData(getMediaKitQueryKey(), kit);
    },
  };
}

export function useSaveMediaKit() {
  return useMutation(useKitMutation(editMediaKitMutation()));
}

export function useChangeHandle() {
  return useMutation(useKitMutation(changeMediaKitHandleMutation()));
}

export function usePublishMediaKit() {
  return useMutation(useKitMutation(publishMediaKitMutation()));
}

/** The public page's address on this site. */
export function publicPageUrl(handle: string): string {
  return `${window.location.origin}/@${handle}`;
}
