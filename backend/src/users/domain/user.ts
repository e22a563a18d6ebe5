/** A creator's account (Google sign-in); brands have a BrandAccount (mobile number, #25). */
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

/**
 * A brand's (or talent manager's) account, opened with a verified Indian mobile number (#25).
 * The company profile is asked once, after the first verification: null until then.
 */
export interface BrandAccount {
  readonly id: string;
  readonly accountType: 'brand';
  /** E.164, e.g. +919876543210: one account per number. */
  readonly phone: string;
  readonly companyName: string | null;
  readonly contactName: string | null;
  readonly createdAt: Date;
  readonly lastLoginAt: Date;
}

export type NewBrandAccount = Omit<BrandAccount, 'id'>;

/** Any signed-in party: a creator (Google) or a brand (mobile number). */
export type Account = User | BrandAccount;

export function newBrandAccount(phone: string, now: Date): NewBrandAccount {
  return {
    accountType: 'brand',
    phone,
    companyName: null,
    contactName: null,
    createdAt: now,
    lastLoginAt: now,
  };
}

export function isBrandAccount(account: Account): account is BrandAccount {
  return account.accountType === 'brand';
}

/** How mail greets the account: a creator's name, a brand's contact (or company); may be empty. */
export function accountNameOf(account: Account): string {
  return isBrandAccount(account)
    ? (account.contactName ?? account.companyName ?? '')
    : account.displayName;
}

/** Whether the brand still has to give its company and contact name. */
export function brandProfileRequired(account: BrandAccount): boolean {
  return account.companyName === null || account.contactName === null;
}
