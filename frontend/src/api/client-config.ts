import { getAccessToken } from './access-token';
import type { Auth, Client } from './generated/client';
import type { CreateClientConfig } from './generated/client.gen';

// The refresh cookie's scheme is the browser's business (httpOnly): only bearer is ours to fill.
const isBearer = (scheme: Auth) => scheme.scheme === 'bearer';

/**
 * Run-time settings of the generated client, applied when it loads. The API is always called on
 * the page's own origin (dev and preview proxy `/api` to the backend); the refresh cookie needs
 * `credentials`; operations that declare bearer security get the token from memory.
 */
export const createClientConfig: CreateClientConfig = (config) => ({
  ...config,
  baseUrl: '',
  credentials: 'include',
  auth: (scheme) => (isBearer(scheme) ? (getAccessToken() ?? undefined) : undefined),
});

/**
 * The header the API requires on cookie-authenticated calls (refresh, logout): a cross-site form
 * cannot send it.
 */
export const csrfHeaders = { 'X-Requested-With': 'paylock' } as const;

const REFRESH_PATH = '/api/v1/auth/refresh-token';

/** Renews the session; resolves true once a fresh access token is in memory. */
export type SessionRefresher = () => Promise<boolean>;

const isRefreshCall = (request: Request) => new URL(request.url).pathname === REFRESH_PATH;

const sentToken = (request: Request) =>
  request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;

function withCurrentToken(request: Request): Request {
  const token = getAccessToken();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
}

/**
 * A 401 triggers one refresh (shared by every call that failed meanwhile: `refreshSession` is
 * single-flight) and one retry with the new token; the refresh call itself is never retried.
 */
export function installAuthInterceptors(client: Client, refreshSession: SessionRefresher): void {
  // A fetched Request's body is spent: keep an unsent copy of each call to send it once more.
  const unsentCopies = new WeakMap<Request, Request>();

  client.interceptors.request.use((request) => {
    if (!isRefreshCall(request)) unsentCopies.set(request, request.clone());
    return request;
  });

  client.interceptors.response.use(async (response, request, options) => {
    const copy = unsentCopies.get(request);
    unsentCopies.delete(request);
    if (response.status !== 401 || !copy) return response;
    // Another call may have refreshed since this one left: its token is the one to retry with.
    const [sent, current] = [sentToken(request), getAccessToken()];
    const renewedMeanwhile = sent !== null && current !== null && sent !== current;
    if (!renewedMeanwhile && !(await refreshSession())) return response;
    const send = options.fetch ?? fetch;
    const bearer = options.security?.some(isBearer) ?? false;
    return send(bearer ? withCurrentToken(copy) : copy);
  });
}
