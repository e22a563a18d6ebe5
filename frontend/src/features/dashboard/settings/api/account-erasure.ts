import { useMutation, useQuery } from '@tanstack/react-query';
import {
  eraseMyAccountMutation,
  previewAccountErasureOptions,
} from '@/api/generated/@tanstack/react-query.gen';

/** What refuses the erasure now (money held, being released or disputed), and what would stay. */
export function useErasurePreview() {
  return useQuery(previewAccountErasureOptions());
}

/** Erases the signed-in account with the phrase typed; answers what was kept, why, until when. */
export function useEraseAccount() {
  const mutation = useMutation(eraseMyAccountMutation());
  return {
    ...mutation,
    erase: (confirmation: string) => mutation.mutateAsync({ body: { confirmation } }),
  };
}
