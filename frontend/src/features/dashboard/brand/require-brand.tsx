import { Navigate, Outlet, useLocation } from 'react-router';
import type { RedirectState } from '@/components/ui/redirect-notice';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { isBrand } from '../navigation';

export const BRAND_ONLY_NOTICE = 'The brand workspace is for brand accounts only.';

/**
 * The brand workspace: signed-in brand accounts only. Signed-out visitors go to the brand sign-in
 * (/login?as=brand); a creator goes back to their dashboard with a notice. The server checks the
 * role on every call anyway.
 */
export function RequireBrand() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <LoadingIndicator label="Checking your session…" />;
  if (auth.status === 'unauthenticated') {
    // Nobody needs to be told to sign in right after pressing Sign Out.
    const notice = auth.signedOutByUser ? null : 'Please sign in to access this page.';
    const state: RedirectState | null = notice ? { from: location.pathname, notice } : null;
    return <Navigate to={`${paths.login}?as=brand`} replace state={state} />;
  }
  if (!isBrand(auth.user)) {
    const state: RedirectState = { from: location.pathname, notice: BRAND_ONLY_NOTICE };
    return <Navigate to={paths.creatorDashboardOverview} replace state={state} />;
  }
  // The session has announced a `?signedIn=` result (AuthProvider): a reload must not repeat it.
  const search = new URLSearchParams(location.search);
  if (search.has('signedIn')) {
    search.delete('signedIn');
    return <Navigate to={{ pathname: location.pathname, search: search.toString() }} replace />;
  }
  return <Outlet />;
}
