import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { AuthContext } from './auth-context';
import { announceSignIn, readSignInResult, restoreSession, sessionStore } from './session';

/**
 * Holds the session state that drives the route guards. On load it asks the server to refresh
 * the session when this browser may hold one (the httpOnly cookie survives reloads; the access
 * token does not) and, when the
 * server's Google redirect flow brought the visitor here, greets them once it succeeded.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    sessionStore.getServerSnapshot,
  );

  useEffect(() => {
    let current = true;
    const signInResult = readSignInResult(window.location.search);
    void restoreSession(signInResult).then((signedIn) => {
      if (current && signedIn && signInResult) announceSignIn(signInResult);
    });
    return () => {
      current = false;
    };
  }, []);

  return <AuthContext value={state}>{children}</AuthContext>;
}
