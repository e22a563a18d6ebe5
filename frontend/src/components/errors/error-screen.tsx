import type { FallbackProps } from 'react-error-boundary';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';

const FALLBACK_MESSAGE = 'An unexpected error occurred';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return FALLBACK_MESSAGE;
}

export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    // The page's main landmark stays one (axe: landmark-one-main); the alert inside it is what
    // screen readers announce.
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <div role="alert" className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="text-slate-600 dark:text-slate-300">{messageOf(error)}</p>
      </div>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700"
      >
        Try again
      </button>
    </main>
  );
}

/** Fallback of the top-level react-error-boundary (errors outside the router). */
export function AppErrorFallback({ error, resetErrorBoundary }: FallbackProps) {
  return <ErrorScreen error={error} onRetry={resetErrorBoundary} />;
}

/** The router's errorElement: navigating to the same location again clears the route error. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <ErrorScreen
      error={error}
      onRetry={() => {
        void navigate(location, { replace: true });
      }}
    />
  );
}
