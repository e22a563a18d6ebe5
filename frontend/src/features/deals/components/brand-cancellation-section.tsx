import type { DealMoneyDto } from '@/api/generated/types.gen';
import { useBrandCancellation } from '../api/cancellation-queries';
import { DealCancellationPanel } from './deal-cancellation-panel';

/** The brand's side of cancelling the accepted deal, on the review page (by the link's token). */
export function BrandCancellationSection({ token, money }: { token: string; money: DealMoneyDto }) {
  const { propose, withdraw, agree, decline } = useBrandCancellation(token);
  return (
    <DealCancellationPanel
      viewer="brand"
      deal={money}
      moves={{
        propose: (reason) => propose.mutateAsync({ body: { token, reason } }),
        withdraw: () => withdraw.mutateAsync({ body: { token } }),
        agree: () => agree.mutateAsync({ body: { token } }),
        decline: () => decline.mutateAsync({ body: { token } }),
        pending: [propose, withdraw, agree, decline].some((move) => move.isPending),
      }}
    />
  );
}
