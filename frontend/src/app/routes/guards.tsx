import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { RedirectState } from '../../components/ui/redirect-notice';
import { LoadingIndicator } from '../../components/ui/loading-indicator';
import { paths } from '../../config/paths';
import { type AuthState, type AuthStatus } from '../../lib/auth/auth-context';
import { useAuth } from '../../lib/auth/use-auth';

interface GuardProps {
  allowed: Exclude<AuthStatus, 'loading'>;
  redirectTo: string;
  fallback: string;
  /** What an allowed visitor sees; the child routes by default. */
  children?: ReactNode;
}

// Nobody needs to be told to sign in right after pressing Sign Out.
const noticeFor = (auth: AuthState, fallback: string): string | null =>
  auth.status === 'unauthenticated' && auth.signedOutByUser ? null : fallback;

/** Renders the child routes for visitors in the `allowed` state; redirects everyone else. */
function AuthGuard({ allowed, redirectTo, fallback, children = <Outlet /> }: GuardProps) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <LoadingIndicator label="Checking your session…" />;
  if (auth.status === allowed) return children;
  const notice = noticeFor(auth, fallback);
  const state: RedirectState | null = notice ? { from: location.pathname, notice } : null;
  return <Navigate to={redirectTo} replace state={state} />;
}

/**
 * The session has already announced a `?signedIn=` redirect result (see AuthProvider): drop the
 * parameter so a reload or a shared link does not announce it again.
 */
function WithoutSignInResult() {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  if (!search.has('signedIn')) return <Outlet />;
  search.delete('signedIn');
  const to = { pathname: location.pathname, search: search.toString(), hash: location.hash };
  return <Navigate to={to} replace state={location.state as unknown} />;
}

export function RequireSignedIn() {
  return (
    <AuthGuard
      allowed="authenticated"
      redirectTo={paths.login}
      fallback="Please sign in to access this page."
    >
      <WithoutSignInResult />
    </AuthGuard>
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
