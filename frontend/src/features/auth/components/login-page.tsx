import { Link } from 'react-router';
import { brand } from '../../../config/brand';
import { paths } from '../../../config/paths';
import { AuthLayout } from './auth-layout';
import { GoogleSignInButton } from './google-sign-in-button';
import { IdentityProviderNotice } from './identity-provider-notice';
import { RedirectReason } from './redirect-reason';

export function LoginPage() {
  return (
    <AuthLayout title="Sign in">
      <RedirectReason />
      <p className="text-slate-600 dark:text-slate-300">
        Welcome back. Sign in with the Google account you used to join {brand.name}.
      </p>
      <IdentityProviderNotice />
      <GoogleSignInButton intent="login" label="Sign in with Google" />
      <p className="text-sm">
        Don&apos;t have an account?{' '}
        <Link to={paths.register} className="font-semibold text-indigo-600 dark:text-indigo-400">
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
