import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router';
import { AppErrorFallback } from '../errors/error-screen';
import { retryFailedLoads } from '../errors/retryable-lazy';
import { LoadingIndicator } from '../ui/loading-indicator';

/**
 * Where a page renders: a loading indicator while its chunk loads, and the error screen in place of
 * the page (not of the whole app) when it fails. 'Try again' or going to another address clears
 * the error, and a page whose chunk failed to load (retryableLazy) is fetched again.
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      FallbackComponent={AppErrorFallback}
      resetKeys={[pathname]}
      onReset={retryFailedLoads}
    >
      <Suspense fallback={<LoadingIndicator />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
