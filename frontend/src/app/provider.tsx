import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { AppErrorFallback } from '../components/errors/error-screen';
import { ThemeProvider } from '../components/theme/theme-provider';
import { AuthProvider } from '../lib/auth/auth-provider';
import { installSessionRefresh } from '../lib/auth/session';
import { useAuth } from '../lib/auth/use-auth';

// Toasts are never needed for the first paint: keep react-toastify out of the entry chunk.
const Toaster = lazy(async () => ({
  default: (await import('../components/ui/toaster')).Toaster,
}));
// Asked for only by a change that needs a fresh proof of identity: not in the entry chunk either.
const ReauthDialog = lazy(async () => ({
  default: (await import('../features/auth/reauth/reauth-dialog')).ReauthDialog,
}));

/** The re-authentication dialog exists for signed-in people only (a visitor never loads it). */
function ReauthWhenSignedIn() {
  const { status } = useAuth();
  if (status !== 'authenticated') return null;
  return (
    <Suspense fallback={null}>
      <ReauthDialog />
    </Suspense>
  );
}

/**
 * The providers every page needs at once. Server state (TanStack Query) is not among them: the
 * parts that use it get their client from WithQueryClient, so the landing page loads without it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  // During render, not in an effect: children's effects (the session restore among them) run
  // before a parent's, and every API call must already meet the 401 refresh-and-retry.
  // Installing twice is a no-op, so re-renders and Strict Mode are harmless.
  installSessionRefresh();
  return (
    <ThemeProvider>
      <ErrorBoundary FallbackComponent={AppErrorFallback}>
        <AuthProvider>
          {children}
          <ReauthWhenSignedIn />
        </AuthProvider>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
