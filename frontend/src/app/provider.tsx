import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { AppErrorFallback } from '../components/errors/error-screen';
import { ThemeProvider } from '../components/theme/theme-provider';
import { AuthProvider } from '../lib/auth/auth-provider';
import { createQueryClient } from '../lib/query-client';

// Toasts are never needed for the first paint: keep react-toastify out of the entry chunk.
const Toaster = lazy(async () => ({
  default: (await import('../components/ui/toaster')).Toaster,
}));

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <ErrorBoundary FallbackComponent={AppErrorFallback}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>{children}</AuthProvider>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
