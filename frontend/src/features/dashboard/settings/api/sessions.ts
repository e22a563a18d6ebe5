import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listSessionsOptions,
  listSessionsQueryKey,
  revokeOtherSessionsMutation,
  revokeSessionMutation,
} from '@/api/generated/@tanstack/react-query.gen';
import { csrfHeaders } from '@/api/client-config';

/** Where the account is signed in (most recently active first; this device marked `current`). */
export function useAccountSessions() {
  return useQuery(listSessionsOptions());
}

function useRefreshingList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: listSessionsQueryKey() });
}

/** Signs one session out; the list is read again. */
export function useRevokeSession() {
  const refreshList = useRefreshingList();
  const mutation = useMutation({ ...revokeSessionMutation(), onSettled: refreshList });
  return {
    ...mutation,
    revoke: (id: string) => mutation.mutateAsync({ path: { id }, headers: csrfHeaders }),
  };
}

/** "Sign out everywhere else"; the list is read again. */
export function useRevokeOtherSessions() {
  const refreshList = useRefreshingList();
  const mutation = useMutation({ ...revokeOtherSessionsMutation(), onSettled: refreshList });
  return { ...mutation, revokeOthers: () => mutation.mutateAsync({ headers: csrfHeaders }) };
}
