import { Navigate, Outlet, useLocation } from 'react-router';
import type { RedirectState } from '@/components/ui/redirect-notice';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { paths } from '@/config/paths';
import { isAdmin } from '@/lib/auth/auth-context';
import { useAuth } from '@/lib/auth/use-auth';

export const ADMIN_ONLY_NOTICE = 'The admin area is for Paylock admins only.';

/**
 * The back-office: signed-in admins only. Signed-out visitors go to /login; a signed-in creator
 * goes back to the dashboard with a notice. The server checks the role on every call anyway.
 * It ships in the admin chunk, with the routes it guards.
 */
export function RequireAdmin() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <LoadingIndicator label="Checking your session…" />;
  if (auth.status === 'unauthenticated') {
    // Nobody needs to be told to sign in right after pressing Sign Out.
    const notice = auth.signedOutByUser ? null : 'Please sign in to access this page.';
    const state: RedirectState | null = notice ? { from: location.pathname, notice } : null;
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (!isAdmin(auth.user)) {
    const state: RedirectState = { from: location.pathname, notice: ADMIN_ONLY_NOTICE };
    return <Navigate to={paths.creatorDashboardOverview} replace state={state} />;
  }
  return <Outlet />;
}
