import { useMutation } from '@tanstack/react-query';
import {
  agreeToCancellationMutation,
  brandAgreeToCancellationMutation,
  brandDeclineCancellationMutation,
  brandProposeCancellationMutation,
  brandWithdrawCancellationMutation,
  declineCancellationMutation,
  proposeCancellationMutation,
  withdrawCancellationMutation,
} from '@/api/generated/@tanstack/react-query.gen';
import { useKeepBrandMoney, useRefreshDeal } from './money-queries';

/** The creator's four moves on a cancellation of their deal. */
export function useCreatorCancellation() {
  const refresh = useRefreshDeal();
  return {
    propose: useMutation({ ...proposeCancellationMutation(), onSuccess: refresh }),
    withdraw: useMutation({ ...withdrawCancellationMutation(), onSuccess: refresh }),
    agree: useMutation({ ...agreeToCancellationMutation(), onSuccess: refresh }),
    decline: useMutation({ ...declineCancellationMutation(), onSuccess: refresh }),
  };
}

/** The brand's four moves, by the review link's token; the answer is the deal's money anew. */
export function useBrandCancellation(token: string) {
  const keep = useKeepBrandMoney(token);
  return {
    propose: useMutation({ ...brandProposeCancellationMutation(), onSuccess: keep }),
    withdraw: useMutation({ ...brandWithdrawCancellationMutation(), onSuccess: keep }),
    agree: useMutation({ ...brandAgreeToCancellationMutation(), onSuccess: keep }),
    decline: useMutation({ ...brandDeclineCancellationMutation(), onSuccess: keep }),
  };
}
