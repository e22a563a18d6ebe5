import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { RequireRole } from '@/lib/auth/require-role';
import { isBrand } from '../navigation';

export const BRAND_ONLY_NOTICE = 'The brand workspace is for brand accounts only.';

/** The session has announced a `?signedIn=` result (AuthProvider): a reload must not repeat it. */
function WithoutSignedInResult() {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  if (search.has('signedIn')) {
    search.delete('signedIn');
    return <Navigate to={{ pathname: location.pathname, search: search.toString() }} replace />;
  }
  return <Outlet />;
}

/**
 * The brand workspace: signed-in brand accounts only. Signed-out visitors go to the brand sign-in
 * (/login?as=brand); a creator goes back to their dashboard with a notice. The server checks the
 * role on every call anyway.
 */
export function RequireBrand() {
  return (
    <RequireRole allows={isBrand} signInPath={`${paths.login}?as=brand`} notice={BRAND_ONLY_NOTICE}>
      <WithoutSignedInResult />
    </RequireRole>
  );
}
