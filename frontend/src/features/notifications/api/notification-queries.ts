import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  countUnreadNotificationsOptions,
  getNotificationPreferencesOptions,
  getNotificationPreferencesQueryKey,
  listNotificationsOptions,
  markAllNotificationsReadMutation,
  markNotificationReadMutation,
  setNotificationPreferencesMutation,
} from '@/api/generated/@tanstack/react-query.gen';

/**
 * How often the bell asks for the unread count. Polling (not SSE): one small counter read per
 * person per half-minute costs less than a held connection per open tab, and works through every
 * proxy; a notice is at most this late.
 */
export const UNREAD_POLL_MS = 30_000;

export function useUnreadCount() {
  return useQuery({
    ...countUnreadNotificationsOptions(),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useNotifications(limit: number, cursor?: string, enabled = true) {
  return useQuery({
    ...listNotificationsOptions({ query: { limit, ...(cursor !== undefined && { cursor }) } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** After a notice is marked read, every list and the count are read again. */
function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => {
        const [first] = queryKey as [{ _id?: string } | undefined];
        return first?._id === 'listNotifications' || first?._id === 'countUnreadNotifications';
      },
    });
}

export function useMarkRead() {
  const refresh = useRefreshNotifications();
  return useMutation({ ...markNotificationReadMutation(), onSuccess: refresh });
}

export function useMarkAllRead() {
  const refresh = useRefreshNotifications();
  return useMutation({ ...markAllNotificationsReadMutation(), onSuccess: refresh });
}

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesOptions());
}

export function useSetNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setNotificationPreferencesMutation(),
    onSuccess: (saved) => queryClient.setQueryData(getNotificationPreferencesQueryKey(), saved),
  });
}
