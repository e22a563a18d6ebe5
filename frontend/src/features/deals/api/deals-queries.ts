import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptDealMutation,
  cancelDealMutation,
  createDealMutation,
  declineDealMutation,
  getContractTemplateOptions,
  getDealContractOptions,
  getDealOptions,
  getDealOverviewOptions,
  listCampaignsOptions,
  listCollaborationsOptions,
  listDealsOptions,
  openDealReviewMutation,
  requestDealChangesMutation,
  sendDealMutation,
  updateDealMutation,
} from '@/api/generated/@tanstack/react-query.gen';
import { downloadReviewedContract, getDealContractPdf } from '@/api/generated/sdk.gen';
import type {
  DealDto,
  DealTermsRequestDto,
  ListCampaignsData,
  ListCollaborationsData,
  ListDealsData,
} from '@/api/generated/types.gen';
import { saveFileAnswer } from '@/lib/download-blob';

import type { DealTermsBody } from '../deal-terms';

export type DealListQuery = NonNullable<ListDealsData['query']>;
export type CollaborationsQuery = NonNullable<ListCollaborationsData['query']>;
export type CampaignsQuery = NonNullable<ListCampaignsData['query']>;

/** The terms as the API takes them (money in paise, the total the milestones' sum). */
export const termsRequest = (terms: DealTermsBody): DealTermsRequestDto => terms;

/** One page of the creator's deals; the previous page stays on screen while the next loads. */
export function useDeals(query: DealListQuery) {
  return useQuery({ ...listDealsOptions({ query }), placeholderData: keepPreviousData });
}

export function useCollaborations(query: CollaborationsQuery) {
  return useQuery({ ...listCollaborationsOptions({ query }), placeholderData: keepPreviousData });
}

export function useCampaigns(query: CampaignsQuery) {
  return useQuery({ ...listCampaignsOptions({ query }), placeholderData: keepPreviousData });
}

export function useDealOverview() {
  return useQuery(getDealOverviewOptions());
}

export function useContractTemplate() {
  return useQuery({ ...getContractTemplateOptions(), staleTime: Infinity });
}

/** How often an open deal is read again while one of its milestones waits on someone else. */
export const DEAL_REFRESH_MS = 5_000;
/** Milestone states that move without the creator: the brand pays or answers, the gateway releases, an admin decides. */
const WAITING_ON_OTHERS: readonly string[] = ['pending', 'submitted', 'approved', 'disputed'];
const MOVING_AFTER_CANCELLATION: readonly string[] = ['funded', 'approved'];

/**
 * One deal. While it is active and a milestone waits on the brand, the gateway or an admin, it is
 * read again every few seconds (only while the tab is visible), so the money state on screen follows.
 */
export function useDeal(dealId: string) {
  return useQuery({
    ...getDealOptions({ path: { dealId } }),
    refetchInterval: (query) => {
      const deal = query.state.data;
      const waiting =
        (deal?.state === 'accepted' &&
          (deal.cancellation !== null ||
            deal.milestones.some((milestone) => WAITING_ON_OTHERS.includes(milestone.state)))) ||
        // A deal cancelled by agreement: its refunds and releases are on their way.
        (deal?.state === 'cancelled' &&
          deal.milestones.some((milestone) => MOVING_AFTER_CANCELLATION.includes(milestone.state)));
      return waiting ? DEAL_REFRESH_MS : false;
    },
  });
}

/** The deal's current contract; refreshed with the deal (a new version has a new contract). */
export function useDealContract(dealId: string) {
  return useQuery(getDealContractOptions({ path: { dealId } }));
}

/** Every cached deal query: lists, dashboards, the deal itself and its contract. */
const DEAL_QUERY_IDS = [
  'listDeals',
  'listCollaborations',
  'listCampaigns',
  'getDealOverview',
  'getDeal',
  'getDealContract',
] as const;

function useRefreshDeals() {
  const queryClient = useQueryClient();
  return (deal?: DealDto) => {
    if (deal)
      queryClient.setQueryData(getDealOptions({ path: { dealId: deal.id } }).queryKey, deal);
    return Promise.all(
      DEAL_QUERY_IDS.map((id) => queryClient.invalidateQueries({ queryKey: [{ _id: id }] })),
    );
  };
}

export function useCreateDeal() {
  const refresh = useRefreshDeals();
  return useMutation({ ...createDealMutation(), onSuccess: (deal) => refresh(deal) });
}

export function useUpdateDeal() {
  const refresh = useRefreshDeals();
  return useMutation({ ...updateDealMutation(), onSuccess: (deal) => refresh(deal) });
}

export function useSendDeal() {
  const refresh = useRefreshDeals();
  return useMutation({ ...sendDealMutation(), onSuccess: (deal) => refresh(deal) });
}

export function useCancelDeal() {
  const refresh = useRefreshDeals();
  return useMutation({ ...cancelDealMutation(), onSuccess: (deal) => refresh(deal) });
}

export class DownloadFailedError extends Error {}

const PDF_FAILED = () =>
  new DownloadFailedError('The PDF could not be downloaded. Please try again.');

/**
 * Downloads the deal's contract PDF (signed once accepted). The API needs the bearer token, so the
 * file is fetched by the client and handed to the browser as a download.
 */
export function useDownloadDealPdf() {
  return useMutation({
    mutationFn: async (dealId: string) =>
      saveFileAnswer(
        await getDealContractPdf({ path: { dealId }, parseAs: 'blob' }),
        'paylock-contract.pdf',
        PDF_FAILED,
      ),
  });
}

/** The brand's side: everything by the e-mailed link's token, without an account. */
export function useOpenDealReview() {
  return useMutation(openDealReviewMutation());
}

export function useAcceptDeal() {
  return useMutation(acceptDealMutation());
}

export function useRequestDealChanges() {
  return useMutation(requestDealChangesMutation());
}

export function useDeclineDeal() {
  return useMutation(declineDealMutation());
}

export function useDownloadReviewedPdf() {
  return useMutation({
    mutationFn: async (token: string) =>
      saveFileAnswer(
        await downloadReviewedContract({ body: { token }, parseAs: 'blob' }),
        'paylock-contract.pdf',
        PDF_FAILED,
      ),
  });
}
