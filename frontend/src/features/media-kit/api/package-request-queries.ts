import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptPackageRequestMutation,
  declinePackageRequestMutation,
  getPackageRequestFunnelOptions,
  getPackageRequestFunnelQueryKey,
  getPublicMediaKitOptions,
  listPackageRequestsOptions,
  listPackageRequestsQueryKey,
  requestPackageOfKitMutation,
  sendPackageRequestCodeMutation,
} from '@/api/generated/@tanstack/react-query.gen';

/** The public kit (its packages), as the request form shows the one requested. */
export function usePublicMediaKit(handle: string) {
  return useQuery({ ...getPublicMediaKitOptions({ path: { handle } }), retry: false });
}

export function useSendRequestCode() {
  return useMutation(sendPackageRequestCodeMutation());
}

export function useRequestPackage() {
  return useMutation(requestPackageOfKitMutation());
}

/** One page of the creator's requests: the first, or the one after `cursor`. */
export function usePackageRequests(cursor: string | undefined) {
  return useQuery(listPackageRequestsOptions(cursor ? { query: { cursor } } : undefined));
}

export function useRequestFunnel() {
  return useQuery(getPackageRequestFunnelOptions());
}

/** An answer changes the list and the funnel: both are read again. */
function useAnswered() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: listPackageRequestsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getPackageRequestFunnelQueryKey() }),
    ]);
  };
}

export function useAcceptRequest() {
  const onSuccess = useAnswered();
  return useMutation({ ...acceptPackageRequestMutation(), onSuccess });
}

export function useDeclineRequest() {
  const onSuccess = useAnswered();
  return useMutation({ ...declinePackageRequestMutation(), onSuccess });
}
