import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import type { AccountType } from '../account-types';
import { AccountTypeSwitch } from './account-type-switch';
import { AuthLayout } from './auth-layout';
import { BrandSignIn } from './brand/brand-sign-in';
import { GoogleSignInButton } from './google-sign-in-button';
import { IdentityProviderNotice } from './identity-provider-notice';
import { InviteLine } from './invite-line';
import { RedirectReason } from './redirect-reason';

export function RegisterPage() {
  const [searchParams] = useSearchParams();
  // A brand's invite link opens the Brand tab (`?as=brand`).
  const [accountType, setAccountType] = useState<AccountType>(() =>
    searchParams.get('as') === 'brand' ? 'brand' : 'influencer',
  );
  // Stays in the address for the whole visit (only ?reason= is removed): the Google flow carries
  // it to the server, which redeems it.
  const invite = searchParams.get('invite');
  return (
    <AuthLayout title="Create your account">
      <RedirectReason />
      {invite !== null && <InviteLine code={invite} brand={accountType === 'brand'} />}
      <AccountTypeSwitch value={accountType} onChange={setAccountType} />
      {accountType === 'influencer' ? (
        <>
          <IdentityProviderNotice />
          <GoogleSignInButton
            intent="signup"
            label="Sign up with Google"
            invite={invite ?? undefined}
          />
        </>
      ) : (
        <BrandSignIn purpose="signup" invite={invite ?? undefined} />
      )}
      <p className="text-sm">
        Already, Have an account?{' '}
        <Link to={paths.login} className="font-semibold text-indigo-600 dark:text-indigo-400">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
