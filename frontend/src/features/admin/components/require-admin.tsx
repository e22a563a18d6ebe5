import { paths } from '@/config/paths';
import { isAdmin } from '@/lib/auth/auth-context';
import { RequireRole } from '@/lib/auth/require-role';

export const ADMIN_ONLY_NOTICE = 'The admin area is for Paylock admins only.';

/**
 * The back-office: signed-in admins only. Signed-out visitors go to /login; a signed-in creator
 * goes back to the dashboard with a notice. The server checks the role on every call anyway.
 * It ships in the admin chunk, with the routes it guards.
 */
export function RequireAdmin() {
  return <RequireRole allows={isAdmin} signInPath={paths.login} notice={ADMIN_ONLY_NOTICE} />;
}
