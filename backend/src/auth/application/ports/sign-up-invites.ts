/** A claimed invite, as the sign-up holds it between the claim and the account's creation. */
export interface ClaimedInvite {
  readonly inviteId: string;
  readonly entryId: string;
  /** The id the account must be created with. */
  readonly userId: string;
  /** False when this Google identity had claimed the invite before (another tab, a crash). */
  readonly fresh: boolean;
}

/**
 * What the sign-up needs of invites (issue #15): claim one for a Google identity before the
 * account exists, complete it once it does, give it back when the account could not be made.
 * Implemented by the invites module's InviteRedemptions (wired in AuthModule).
 */
export abstract class SignUpInvites {
  /** Throws the invites module's errors (invalid, expired, revoked, used). */
  abstract claim(
    code: unknown,
    claimant: { readonly userId: string; readonly googleId: string },
  ): Promise<ClaimedInvite>;

  abstract complete(
    claim: ClaimedInvite,
    account: { readonly userId: string; readonly email: string },
  ): Promise<void>;

  abstract release(claim: ClaimedInvite): Promise<void>;
}

/** SIGNUP_MODE: `invite` lets only an invite (or an ADMIN_EMAILS address) create an account. */
export class SignUpPolicy {
  constructor(readonly mode: 'invite' | 'open') {}
}
