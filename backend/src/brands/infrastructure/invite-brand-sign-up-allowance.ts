import { Injectable } from '@nestjs/common';
import {
  InviteExpiredError,
  InviteInvalidError,
  InviteRedemptions,
  InviteRevokedError,
  InviteUsedError,
} from '../../invites/index.js';
import { isBrandSideUserType } from '../../waitlist/waitlist.contract.js';
import {
  BrandDealInvitations,
  type BrandSignUpClaim,
  type BrandSignUpGrant,
  BrandSignUpAllowance,
  type BrandToBe,
} from '../application/ports/brand-sign-up-allowance.js';

const REFUSED_INVITE = [
  InviteInvalidError,
  InviteExpiredError,
  InviteRevokedError,
  InviteUsedError,
];

/**
 * Invite mode for brands: an invite for a brand-side waitlist entry whose phone is this number,
 * or a deal a creator sent to this number (BrandDealInvitations, provided by the deals module).
 */
@Injectable()
export class InviteBrandSignUpAllowance extends BrandSignUpAllowance {
  constructor(
    private readonly redemptions: InviteRedemptions,
    private readonly deals: BrandDealInvitations,
  ) {
    super();
  }

  async check(phone: string, invite: string | undefined): Promise<BrandSignUpGrant | null> {
    if (invite !== undefined && (await this.inviteFits(invite, phone))) {
      return { kind: 'invite', invite };
    }
    return (await this.deals.sentTo(phone)) ? { kind: 'deal' } : null;
  }

  async claim(grant: BrandSignUpGrant, account: BrandToBe): Promise<BrandSignUpClaim> {
    if (grant.kind !== 'invite') return { account };
    const invite = await this.redemptions.claim(grant.invite, {
      userId: account.id,
      googleId: `phone:${account.phone}`,
    });
    return { account: { ...account, id: invite.userId }, invite };
  }

  async complete(claim: BrandSignUpClaim): Promise<void> {
    if (!claim.invite) return;
    // A brand account has no e-mail address: the entry records the account id only.
    await this.redemptions.complete(claim.invite, { userId: claim.account.id, email: '' });
  }

  async release(claim: BrandSignUpClaim): Promise<void> {
    if (claim.invite) await this.redemptions.release(claim.invite);
  }

  /** A refused invite is no grant (the number may still have a deal). */
  private async inviteFits(invite: string, phone: string): Promise<boolean> {
    try {
      const invitee = await this.redemptions.invitee(invite);
      return invitee.phone === phone && isBrandSideUserType(invitee.userType);
    } catch (error) {
      if (REFUSED_INVITE.some((type) => error instanceof type)) return false;
      throw error;
    }
  }
}
