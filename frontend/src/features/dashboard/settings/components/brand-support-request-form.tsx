import { useSearchParams } from 'react-router';
import type { SupportKind } from '@/api/generated/types.gen';
import { useBrandDeals } from '../../api/brand-deals';
import { SupportRequestForm } from './support-request-form';

/** The query parameter a deal's "Contact support about this deal" link names the deal by. */
export const SUPPORT_DEAL_PARAM = 'deal';

/**
 * A brand's support form: it may name one of the deals its workspace accepted (the only ones
 * support can look into for it); a deal's own link preselects it.
 */
export function BrandSupportRequestForm({ kind = 'question' }: { kind?: SupportKind }) {
  const [searchParams] = useSearchParams();
  const deals = useBrandDeals();
  const accepted = (deals.data?.items ?? [])
    .filter((deal) => deal.acceptedBy === 'this-workspace')
    .map(({ id, title }) => ({ id, title }));
  return (
    <SupportRequestForm
      kind={kind}
      deals={accepted}
      initialDealId={searchParams.get(SUPPORT_DEAL_PARAM) ?? ''}
    />
  );
}
