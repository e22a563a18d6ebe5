import { PageLayout } from '../../../components/layouts/page-layout';

export function RegisterPage() {
  return (
    <PageLayout title="Create your account">
      <p className="text-slate-600 dark:text-slate-300">Sign-up with Google is coming soon.</p>
    </PageLayout>
  );
}
