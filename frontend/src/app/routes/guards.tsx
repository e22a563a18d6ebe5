import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { RedirectState } from '../../components/ui/redirect-notice';
import { LoadingIndicator } from '../../components/ui/loading-indicator';
import { paths } from '../../config/paths';
import type { AuthStatus } from '../../lib/auth/auth-context';
import { useAuth } from '../../lib/auth/use-auth';

interface GuardProps {
  allowed: Exclude<AuthStatus, 'loading'>;
  redirectTo: string;
  fallback: string;
}

/** Renders the child routes for visitors in the `allowed` state; redirects everyone else. */
function AuthGuard({ allowed, redirectTo, fallback }: GuardProps) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingIndicator label="Checking your session…" />;
  if (status === allowed) return <Outlet />;
  const state: RedirectState = { from: location.pathname, notice: fallback };
  return <Navigate to={redirectTo} replace state={state} />;
}

export function RequireSignedIn() {
  return (
    <AuthGuard
      allowed="authenticated"
      redirectTo={paths.login}
      fallback="Please sign in to access this page."
    />
  );
}

export function RequireSignedOut() {
  return (
    <AuthGuard
      allowed="unauthenticated"
      redirectTo={paths.creatorDashboard}
      fallback="You are already signed in"
    />
  );
}
