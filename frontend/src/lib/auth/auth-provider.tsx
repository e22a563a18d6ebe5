import { useState, type ReactNode } from 'react';
import { AuthContext, type AuthState } from './auth-context';

const signedOut: AuthState = { status: 'unauthenticated', user: null };

/**
 * Holds the session state that drives the route guards. Until the auth feature adds the start-up
 * refresh, every visitor is signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state] = useState<AuthState>(signedOut);
  return <AuthContext value={state}>{children}</AuthContext>;
}
