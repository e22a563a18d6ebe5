import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerMilestoneDisputeAsBrandMutation,
  answerMilestoneDisputeMutation,
  approveMilestoneMutation,
  disputeMilestoneAsBrandMutation,
  disputeMilestoneMutation,
  fundMilestoneMutation,
  getDealOptions,
  requestFreshDealLinkMutation,
  requestMilestoneChangesMutation,
  submitMilestoneMutation,
} from '@/api/generated/@tanstack/react-query.gen';
import { brandMilestones } from '@/api/generated/sdk.gen';
import type { CheckoutFormDto, DealMoneyDto } from '@/api/generated/types.gen';
import type { MilestoneMoneyState } from '@/entities/milestone/milestone-state-badge';

/** How often a screen waiting for the gateway (a payment being secured, a release) looks again. */
export const MONEY_REFRESH_MS = 2_000;

/** States the server is still moving on its own (the gateway's answer is on its way). */
const MOVING: readonly MilestoneMoneyState[] = ['approved', 'released'];

const brandMoneyKey = (token: string) => ['brandMilestones', token] as const;

/**
 * The brand's view of an accepted deal's milestones, by the review link's token (a POST: the token
 * never goes in a URL). While a payment is being secured (`awaitingFunding`) or a release is on its
 * way, it is read again every two seconds until the gateway's answer shows.
 */
export function useBrandMilestones(token: string, awaitingFunding: string | null) {
  return useQuery({
    queryKey: brandMoneyKey(token),
    queryFn: async ({ signal }) => {
      const { data } = await brandMilestones({ body: { token }, signal, throwOnError: true });
      return data;
    },
    retry: false,
    refetchInterval: (query) => {
      const money = query.state.data;
      if (!money) return false;
      const waiting = money.milestones.some(
        (milestone) =>
          (milestone.id === awaitingFunding && milestone.state === 'pending') ||
          MOVING.includes(milestone.state) ||
          // A cancelled deal's funded milestones are being refunded.
          (money.state === 'cancelled' && milestone.state === 'funded'),
      );
      return waiting ? MONEY_REFRESH_MS : false;
    },
  });
}

export function useKeepBrandMoney(token: string) {
  const queryClient = useQueryClient();
  return (money: DealMoneyDto) => {
    queryClient.setQueryData(brandMoneyKey(token), money);
  };
}

/** Where the review page keeps the brand's token while the browser is at the hosted checkout. */
export const CHECKOUT_TOKEN_KEY = 'paylock.review-token';

/**
 * Sends the browser to the gateway's hosted checkout: a hidden form of the fields the API returned,
 * posted to its action. The token stays in this tab's session storage only, so the page can open
 * the deal again when the checkout sends the brand back (the return address carries no token).
 */
export function submitCheckoutForm(checkout: CheckoutFormDto, token: string): void {
  window.sessionStorage.setItem(CHECKOUT_TOKEN_KEY, token);
  const form = document.createElement('form');
  form.method = checkout.method;
  form.action = checkout.action;
  form.hidden = true;
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

export function useFundMilestone() {
  return useMutation(fundMilestoneMutation());
}

export function useApproveMilestone(token: string) {
  const keep = useKeepBrandMoney(token);
  return useMutation({ ...approveMilestoneMutation(), onSuccess: keep });
}

export function useRequestMilestoneChanges(token: string) {
  const keep = useKeepBrandMoney(token);
  return useMutation({ ...requestMilestoneChangesMutation(), onSuccess: keep });
}

export function useBrandDisputeMilestone(token: string) {
  const keep = useKeepBrandMoney(token);
  return useMutation({ ...disputeMilestoneAsBrandMutation(), onSuccess: keep });
}

export function useBrandAnswerMilestoneDispute(token: string) {
  const keep = useKeepBrandMoney(token);
  return useMutation({ ...answerMilestoneDisputeAsBrandMutation(), onSuccess: keep });
}

/**
 * After the creator's move (on a milestone or a cancellation): the deal (its state, milestones and
 * history) and the lists are read anew.
 */
export function useRefreshDeal() {
  const queryClient = useQueryClient();
  return (_money: DealMoneyDto, variables: { path: { dealId: string } }) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: getDealOptions({ path: { dealId: variables.path.dealId } }).queryKey,
      }),
      queryClient.invalidateQueries({ queryKey: [{ _id: 'getDealOverview' }] }),
    ]);
}

export function useSubmitMilestone() {
  const refresh = useRefreshDeal();
  return useMutation({ ...submitMilestoneMutation(), onSuccess: refresh });
}

export function useDisputeMilestone() {
  const refresh = useRefreshDeal();
  return useMutation({ ...disputeMilestoneMutation(), onSuccess: refresh });
}

export function useAnswerMilestoneDispute() {
  const refresh = useRefreshDeal();
  return useMutation({ ...answerMilestoneDisputeMutation(), onSuccess: refresh });
}

/**
 * Asks for a fresh link to an accepted deal's payments, with the link this page has (an expired
 * one too): it is e-mailed to the address the deal was accepted with, or the answer says to sign
 * in to the brand workspace that accepted it.
 */
export function useRequestFreshDealLink() {
  return useMutation(requestFreshDealLinkMutation());
}
