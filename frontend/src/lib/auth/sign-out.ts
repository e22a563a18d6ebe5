import { csrfHeaders } from '../../api/client-config';
import { client } from '../../api/generated/client.gen';
import type { LogoutErrors, LogoutResponses } from '../../api/generated/types.gen';
import { notify } from '../notify';
import { endSession } from './session';

// Only the signed-in areas sign out: kept out of session.ts, which every page (the landing page
// among them) loads first.
/** Ends the session on the server and here; a session the server already forgot counts as ended. */
export async function signOut(): Promise<void> {
  const { response } = await client.post<LogoutResponses, LogoutErrors>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/auth/logout',
    headers: csrfHeaders,
  });
  endSession(true);
  if (response?.ok || response?.status === 401) notify.success('Logout Successfull');
  else notify.error('Signed out on this device, but the server did not confirm it.');
}
