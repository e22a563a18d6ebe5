import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import type { AccountType } from '../account-types';
import { AccountTypeSwitch } from './account-type-switch';
import { AuthLayout } from './auth-layout';
import { BrandSignUp } from './brand-sign-up';
import { GoogleSignInButton } from './google-sign-in-button';
import { IdentityProviderNotice } from './identity-provider-notice';
import { InviteLine } from './invite-line';
import { RedirectReason } from './redirect-reason';

export function RegisterPage() {
  const [accountType, setAccountType] = useState<AccountType>('influencer');
  const [searchParams] = useSearchParams();
  // Stays in the address for the whole visit (only ?reason= is removed): the Google flow carries
  // it to the server, which redeems it.
  const invite = searchParams.get('invite');
  return (
    <AuthLayout title="Create your account">
      <RedirectReason />
      {invite !== null && <InviteLine code={invite} />}
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
        <BrandSignUp />
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
