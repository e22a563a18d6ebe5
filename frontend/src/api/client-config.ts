import { getAccessToken } from '../lib/auth/access-token';
import type { CreateClientConfig } from './generated/client.gen';

/**
 * Run-time settings of the generated client, applied when it loads. The API is always called on
 * the page's own origin (dev and preview proxy `/api` to the backend); the refresh cookie needs
 * `credentials`; the bearer token comes from memory.
 */
export const createClientConfig: CreateClientConfig = (config) => ({
  ...config,
  baseUrl: '',
  credentials: 'include',
  auth: () => getAccessToken() ?? undefined,
});
