import { PageLayout } from '../../../components/layouts/page-layout';
import { signOut } from '../../../lib/auth/session';

export function DashboardOverviewPage() {
  return (
    <PageLayout title="Dashboard">
      <p className="text-slate-600 dark:text-slate-300">The creator dashboard is coming soon.</p>
      {/* Until the dashboard shell arrives: signing out ends the session and the guard leaves. */}
      <button
        type="button"
        onClick={() => void signOut()}
        className="self-start rounded-full border border-slate-300 px-5 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        Sign Out
      </button>
    </PageLayout>
  );
}
