import { PageLayout } from '../../../components/layouts/page-layout';

export function DashboardOverviewPage() {
  return (
    <PageLayout title="Dashboard">
      <p className="text-slate-600 dark:text-slate-300">The creator dashboard is coming soon.</p>
    </PageLayout>
  );
}
