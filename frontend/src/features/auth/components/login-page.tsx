import { PageLayout } from '../../../components/layouts/page-layout';

export function LoginPage() {
  return (
    <PageLayout title="Sign in">
      <p className="text-slate-600 dark:text-slate-300">Sign-in with Google is coming soon.</p>
    </PageLayout>
  );
}
