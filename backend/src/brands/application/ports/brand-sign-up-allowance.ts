/** Why a number may create a brand account while SIGNUP_MODE=invite. */
export type BrandSignUpGrant =
  /** An early-access invite for a waitlist entry whose phone is this number. */
  | { readonly kind: 'invite'; readonly invite: string }
  /** A creator sent a deal to this number: the deals module answers (BrandDealInvitations). */
  | { readonly kind: 'deal' };

/**
 * Who may sign up as a brand while sign-up is by invitation. The invite-based check is built in
 * (InviteBrandSignUpAllowance); the deals module plugs in by providing a `BrandDealInvitations`
 * lookup the allowance consults (see docs/auth.md, "Brand sign-up in invite mode").
 */
export abstract class BrandSignUpAllowance {
  /** The grant for this number (E.164) with this invite code, if any; null: refused. */
  abstract check(phone: string, invite: string | undefined): Promise<BrandSignUpGrant | null>;

  /**
   * Before the account is created: an invite grant is claimed (claim-once, ADR 0024) for the
   * account id to be. Throws the invites module's errors when it was used or revoked meanwhile.
   */
  abstract claim(grant: BrandSignUpGrant, account: BrandToBe): Promise<BrandSignUpClaim>;

  /** The account exists: the invite is redeemed and its waitlist entry marked joined. */
  abstract complete(claim: BrandSignUpClaim): Promise<void>;

  /** The account could not be created: the invite goes back. */
  abstract release(claim: BrandSignUpClaim): Promise<void>;
}

/** The account a sign-up is about to create. */
export interface BrandToBe {
  readonly id: string;
  /** E.164. */
  readonly phone: string;
}

/** A grant held for an account being created: the invite's claim, when the grant is one. */
export interface BrandSignUpClaim {
  readonly account: BrandToBe;
  readonly invite?: {
    readonly inviteId: string;
    readonly entryId: string;
    readonly userId: string;
    readonly fresh: boolean;
  };
}

/** What a creator's deal tells the allowance: whether any deal was sent to this number. */
export abstract class BrandDealInvitations {
  abstract sentTo(phone: string): Promise<boolean>;
}

/** SIGNUP_MODE for brands: `invite` asks BrandSignUpAllowance, `open` lets any number sign up. */
export class BrandSignUpPolicy {
  constructor(readonly mode: 'invite' | 'open') {}
}
