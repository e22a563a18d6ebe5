/** The only account type with screens; brands register by mobile OTP, which is not wired yet. */
export type AccountType = 'influencer';

/** Who the identity provider says the person is. `googleId` is the provider's stable `sub`. */
export interface GoogleProfile {
  readonly googleId: string;
  readonly email: string;
  readonly displayName: string;
  readonly photoURL: string | null;
  /** The Google Workspace domain of the account (the ID token's `hd`), if it has one. */
  readonly hostedDomain?: string | undefined;
}

export interface NewUser extends GoogleProfile {
  readonly accountType: AccountType;
  readonly createdAt: Date;
  readonly lastLoginAt: Date;
}

export interface User extends NewUser {
  readonly id: string;
}

/** A new influencer account for a Google identity, signed in at `now`. */
export function newInfluencer(profile: GoogleProfile, now: Date): NewUser {
  const { googleId, email, displayName, photoURL } = profile;
  return {
    googleId,
    email,
    displayName,
    photoURL,
    accountType: 'influencer',
    createdAt: now,
    lastLoginAt: now,
  };
}
