import { PageLayout } from '@/components/layouts/page-layout';
import { brand } from '@/config/brand';
import { EARLY_ACCESS_SLOTS } from '@/config/early-access';
import { formatCount } from '@/utils/format-count';
import { SlotsLeft } from './slots-left';
import { WaitlistForm } from './waitlist-form';

export function WaitlistPage() {
  return (
    <PageLayout title="Join Waitlist">
      <p className="text-slate-600 dark:text-slate-300">
        {brand.name} opens first to {formatCount(EARLY_ACCESS_SLOTS)} trusted creators and the
        brands they work with. Tell us who you are and we&apos;ll reach out when your early access
        is ready.
      </p>
      <SlotsLeft />
      <WaitlistForm />
    </PageLayout>
  );
}
