import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  confirmWaitlistPlaceMutation,
  getWaitlistStatsQueryKey,
} from '@/api/generated/@tanstack/react-query.gen';

/** Opening the e-mailed link: claims the seat, so the slots left are counted again. */
export function useConfirmWaitlistPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    ...confirmWaitlistPlaceMutation(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: getWaitlistStatsQueryKey() });
    },
  });
}
