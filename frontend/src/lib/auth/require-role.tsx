import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { RedirectState } from '@/components/ui/redirect-notice';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { paths } from '@/config/paths';
import type { AuthUser } from './auth-context';
import { useAuth } from './use-auth';

/**
 * An area for one kind of signed-in account (the back-office, the brand workspace). Signed-out
 * visitors go to `signInPath` (told to sign in, unless they just signed out); a signed-in account
 * of another kind goes back to the creator dashboard with `notice`. The server checks the role on
 * every call anyway. Inside: `children`, or the nested routes.
 */
export function RequireRole({
  allows,
  signInPath,
  notice,
  children = <Outlet />,
}: {
  allows: (user: AuthUser) => boolean;
  signInPath: string;
  notice: string;
  children?: ReactNode;
}) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <LoadingIndicator label="Checking your session…" />;
  if (auth.status === 'unauthenticated') {
    // Nobody needs to be told to sign in right after pressing Sign Out.
    const message = auth.signedOutByUser ? null : 'Please sign in to access this page.';
    const state: RedirectState | null = message
      ? { from: location.pathname, notice: message }
      : null;
    return <Navigate to={signInPath} replace state={state} />;
  }
  if (!allows(auth.user)) {
    const state: RedirectState = { from: location.pathname, notice };
    return <Navigate to={paths.creatorDashboardOverview} replace state={state} />;
  }
  return children;
}
