import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimDealMutation,
  createBrandReviewLinkMutation,
  listBrandDealsOptions,
  listBrandDealsQueryKey,
  requestDealClaimMutation,
} from '@/api/generated/@tanstack/react-query.gen';

/** The deals creators sent to the signed-in brand's number, newest sent first. */
export function useBrandDeals() {
  return useQuery({ ...listBrandDealsOptions(), retry: false });
}

/** A fresh review link token for one of the brand's deals (the review page takes it). */
export function useBrandReviewLink() {
  return useMutation({ ...createBrandReviewLinkMutation() });
}

/**
 * Asks to handle a deal accepted by e-mail from this workspace: a claim link is e-mailed to the
 * address the deal was accepted with (never shown here).
 */
export function useRequestDealClaim() {
  return useMutation({ ...requestDealClaimMutation() });
}

/** Opens a claim link in this workspace: the deal's payments are handled here from now on. */
export function useClaimDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    ...claimDealMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listBrandDealsQueryKey() }),
  });
}
