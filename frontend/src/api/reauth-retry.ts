import { getAccessToken } from './access-token';
import type { Client } from './generated/client';
import { client as apiClient } from './generated/client.gen';

/** The API's answer to a change that needs a fresh proof of identity (payout, e-mail, billing). */
export const REAUTHENTICATION_REQUIRED = 'REAUTHENTICATION_REQUIRED';

/** Asks the person to prove who they are again; resolves true once the server has recorded it. */
export type Reauthenticator = () => Promise<boolean>;

let reauthenticator: Reauthenticator | null = null;
let pending: Promise<boolean> | null = null;

let retryInstalled = false;

/**
 * The app's dialog registers itself here (one at a time); null unregisters. The first
 * registration installs the retry on the API client: only the signed-in areas mount the dialog,
 * so the landing page's bundle carries none of this.
 */
export function setReauthenticator(next: Reauthenticator | null): void {
  reauthenticator = next;
  if (next && !retryInstalled) {
    retryInstalled = true;
    installReauthRetry(apiClient);
  }
}

/** One dialog for every call refused meanwhile: they all retry once it succeeds. */
function reauthenticate(): Promise<boolean> {
  if (!reauthenticator) return Promise.resolve(false);
  pending ??= reauthenticator().finally(() => {
    pending = null;
  });
  return pending;
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function codeOf(response: Response): Promise<unknown> {
  try {
    return ((await response.clone().json()) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
}

/**
 * A 403 REAUTHENTICATION_REQUIRED opens the re-authentication dialog (Google for creators, an
 * SMS code for brands) and, once it succeeds, sends the same request again.
 */
export function installReauthRetry(client: Client): void {
  const unsentCopies = new WeakMap<Request, Request>();

  client.interceptors.request.use((request) => {
    if (CHANGES.has(request.method)) unsentCopies.set(request, request.clone());
    return request;
  });

  client.interceptors.response.use(async (response, request, options) => {
    const copy = unsentCopies.get(request);
    unsentCopies.delete(request);
    if (response.status !== 403 || !copy) return response;
    if ((await codeOf(response)) !== REAUTHENTICATION_REQUIRED) return response;
    if (!(await reauthenticate())) return response;
    const token = getAccessToken();
    if (token) copy.headers.set('Authorization', `Bearer ${token}`);
    return (options.fetch ?? fetch)(copy);
  });
}
