import type { DealDto } from '@/api/generated/types.gen';
import { useCreatorCancellation } from '../api/cancellation-queries';
import { DealCancellationPanel } from './deal-cancellation-panel';

/** The creator's side of cancelling their accepted deal, on the deal page. */
export function CreatorCancellationSection({ deal }: { deal: DealDto }) {
  const { propose, withdraw, agree, decline } = useCreatorCancellation();
  const path = { dealId: deal.id };
  return (
    <DealCancellationPanel
      viewer="creator"
      deal={deal}
      moves={{
        propose: (reason) => propose.mutateAsync({ path, body: { reason } }),
        withdraw: () => withdraw.mutateAsync({ path }),
        agree: () => agree.mutateAsync({ path }),
        decline: () => decline.mutateAsync({ path }),
        pending: [propose, withdraw, agree, decline].some((move) => move.isPending),
      }}
    />
  );
}
