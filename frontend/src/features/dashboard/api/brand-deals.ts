import { useMutation, useQuery } from '@tanstack/react-query';
import {
  createBrandReviewLinkMutation,
  listBrandDealsOptions,
} from '@/api/generated/@tanstack/react-query.gen';

/** The deals creators sent to the signed-in brand's number, newest sent first. */
export function useBrandDeals() {
  return useQuery({ ...listBrandDealsOptions(), retry: false });
}

/** A fresh review link token for one of the brand's deals (the review page takes it). */
export function useBrandReviewLink() {
  return useMutation({ ...createBrandReviewLinkMutation() });
}
