import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from '../components/theme/theme-provider';
import { AuthContext, type AuthState } from '../lib/auth/auth-context';
import { signedOut } from './auth-states';

/** The app's providers with a chosen session state and a fresh, non-retrying query cache. */
export function TestProviders({
  auth = signedOut,
  children,
}: {
  auth?: AuthState;
  children: ReactNode;
}) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthContext value={auth}>{children}</AuthContext>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
