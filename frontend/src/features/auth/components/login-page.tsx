import { Link, useSearchParams } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { AuthLayout } from './auth-layout';
import { BrandSignIn } from './brand/brand-sign-in';
import { linkButtonClass } from './brand/brand-styles';
import { GoogleSignInButton } from './google-sign-in-button';
import { IdentityProviderNotice } from './identity-provider-notice';
import { RedirectReason } from './redirect-reason';

/** `?as=brand`: a brand signs in with its mobile number instead of Google. */
const BRAND_PARAM = 'as';

export function LoginPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asBrand = searchParams.get(BRAND_PARAM) === 'brand';
  const show = (brandSignIn: boolean) => {
    setSearchParams((current) => {
      if (brandSignIn) current.set(BRAND_PARAM, 'brand');
      else current.delete(BRAND_PARAM);
      return current;
    });
  };
  return (
    <AuthLayout title="Sign in">
      <RedirectReason />
      {asBrand ? (
        <>
          <p className="text-slate-600 dark:text-slate-300">
            Welcome back. Sign in with the mobile number of your brand account.
          </p>
          <BrandSignIn purpose="login" />
          <button
            type="button"
            onClick={() => {
              show(false);
            }}
            className={`${linkButtonClass} self-start text-sm`}
          >
            Creator? Sign in with Google
          </button>
        </>
      ) : (
        <>
          <p className="text-slate-600 dark:text-slate-300">
            Welcome back. Sign in with the Google account you used to join {brand.name}.
          </p>
          <IdentityProviderNotice />
          <GoogleSignInButton intent="login" label="Sign in with Google" />
          <button
            type="button"
            onClick={() => {
              show(true);
            }}
            className={`${linkButtonClass} self-start text-sm`}
          >
            Brand? Sign in with your mobile number
          </button>
        </>
      )}
      <p className="text-sm">
        Don&apos;t have an account?{' '}
        <Link
          to={asBrand ? `${paths.register}?as=brand` : paths.register}
          className="font-semibold text-indigo-600 dark:text-indigo-400"
        >
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
