import { DealsOverviewPage } from '../features/deals/overview';
import { MoneyAtAGlance } from '../features/wallet/overview';

/** The signed-in creator's first page: the deals' overview, then their money at a glance. */
export function CreatorOverviewPage() {
  return (
    <>
      <DealsOverviewPage />
      <div className="mx-auto mt-6 max-w-5xl">
        <MoneyAtAGlance />
      </div>
    </>
  );
}
