import { setAccessToken } from '../../api/access-token';
import { csrfHeaders, installAuthInterceptors } from '../../api/client-config';
import { client } from '../../api/generated/client.gen';
import type { RefreshTokenErrors, RefreshTokenResponses } from '../../api/generated/types.gen';
import { brand } from '../../config/brand';
import { notify } from '../notify';
import type { AuthState, AuthUser } from './auth-context';

/**
 * The session of this page: the in-memory access token plus the state the guards read. It lives
 * outside React because the API client's 401 handling must be able to end it.
 */
const loading: AuthState = { status: 'loading', user: null };
let state: AuthState = loading;
const listeners = new Set<() => void>();

function publish(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  getSnapshot: (): AuthState => state,
  // Prerendered HTML is built before any session exists.
  getServerSnapshot: (): AuthState => loading,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/**
 * Set while this browser holds a session (the refresh cookie itself is httpOnly, so the page
 * cannot see it). A first-time visitor's page load then asks nothing of the server: no request,
 * and no 401 in the console for a session that never existed.
 */
const SESSION_HINT_KEY = 'paylock:session';

function rememberSession(active: boolean): void {
  try {
    if (active) localStorage.setItem(SESSION_HINT_KEY, '1');
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage refused (private mode): every load will simply ask the server.
  }
}

function mayHoldSession(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return true;
  }
}

function startSession(accessToken: string, user: AuthUser): void {
  rememberSession(true);
  setAccessToken(accessToken);
  publish({ status: 'authenticated', user });
}

/** The signed-in user changed their profile (Settings): the page shows the server's answer. */
export function updateSignedInUser(user: AuthUser): void {
  if (state.status === 'authenticated') publish({ status: 'authenticated', user });
}

/**
 * Signed out: the refresh failed, or the visitor pressed Sign Out (sign-out.ts). `forget: false`
 * signs this page out but lets the next load ask the server again (the cookie may still be good).
 */
export function endSession(signedOutByUser = false, { forget = true } = {}): void {
  if (forget) rememberSession(false);
  setAccessToken(null);
  publish({ status: 'unauthenticated', user: null, signedOutByUser });
}

// The session runs on every page, the landing page included, so it calls the generated client
// directly (typed by the generated types) rather than importing sdk.gen.ts: that module holds every
// operation's wrapper, and importing it here would put all of them in the landing page's bundle.
async function renewSession(): Promise<boolean> {
  const { data, response } = await client.post<RefreshTokenResponses, RefreshTokenErrors>({
    security: [{ in: 'cookie', name: 'paylock_refresh', type: 'apiKey' }],
    url: '/api/v1/auth/refresh-token',
    headers: csrfHeaders,
  });
  if (!data) {
    // Only the server refusing the cookie ends the session for this browser. A request that got
    // no answer (offline, or cut by a reload after the server had rotated the cookie, whose replay
    // the server answers within its grace window) or a server error leaves the next load to ask.
    const refused = response !== undefined && response.status < 500;
    endSession(false, { forget: refused });
    return false;
  }
  startSession(data.accessToken, data.user);
  return true;
}

let renewal: Promise<boolean> | null = null;

/**
 * Exchanges the refresh cookie for a new access token and the user's profile. Single-flight: the
 * server rotates the cookie on every refresh, so concurrent callers share one request.
 */
export function refreshSession(): Promise<boolean> {
  renewal ??= renewSession().finally(() => {
    renewal = null;
  });
  return renewal;
}

/**
 * A page load: refreshes the session when this browser may hold one, or when the Google redirect
 * flow has just created one (`signInResult`); otherwise the visitor is signed out at once.
 */
export function restoreSession(signInResult: SignInResult | null): Promise<boolean> {
  if (signInResult || mayHoldSession()) return refreshSession();
  endSession();
  return Promise.resolve(false);
}

/** How the server's Google redirect flow came back: `?signedIn=signup|login` on the dashboard. */
export type SignInResult = 'signup' | 'login';

export function readSignInResult(search: string): SignInResult | null {
  const result = new URLSearchParams(search).get('signedIn');
  return result === 'signup' || result === 'login' ? result : null;
}

export function announceSignIn(result: SignInResult): void {
  notify.success(
    result === 'login' ? 'Login successfull' : `Welcome to ${brand.name}! Your account is ready.`,
  );
}

/** Back to a fresh page load's state (tests share this module across their cases). */
export function resetSessionForTests(): void {
  renewal = null;
  setAccessToken(null);
  publish(loading);
}

let interceptorsInstalled = false;

/**
 * Teaches the API client to answer a 401 with one shared refresh and a retry (and a 403
 * REAUTHENTICATION_REQUIRED with the re-authentication dialog and a retry). Called by the app's
 * provider before anything calls the API (and by tests that need it); any later call does nothing,
 * so the client never gets the interceptors twice.
 */
export function installSessionRefresh(): void {
  if (interceptorsInstalled) return;
  interceptorsInstalled = true;
  installAuthInterceptors(client, refreshSession);
}
