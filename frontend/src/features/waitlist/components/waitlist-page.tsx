import { PageLayout } from '../../../components/layouts/page-layout';

export function WaitlistPage() {
  return (
    <PageLayout title="Join Waitlist">
      <p className="text-slate-600 dark:text-slate-300">
        The waitlist form is coming soon: 1,000 early access slots for trusted influencers.
      </p>
    </PageLayout>
  );
}
