/** What the visitor asked Google for: a new account or a sign-in to an existing one. */
export type SignInIntent = 'signup' | 'login';

/**
 * Leaves the app for the server's Google redirect flow. The server comes back to
 * /creator/dashboard?signedIn=… with the refresh cookie set, or to /login or /register with a
 * `?reason=` when it could not sign the visitor in. A sign-up's invite code travels with it
 * (the server keeps it in the sign-in state through the provider's round trip).
 */
export function startGoogleSignIn(intent: SignInIntent, invite?: string): void {
  const query = new URLSearchParams({ intent, ...(invite ? { invite } : {}) });
  window.location.assign(`/api/v1/auth/google?${query.toString()}`);
}
