import { Injectable } from '@nestjs/common';
import { InviteRedemptions } from '../../../invites/index.js';
import { type ClaimedInvite, SignUpInvites } from '../../application/ports/sign-up-invites.js';

/** The sign-up's invites port, served by the invites module's redemptions. */
@Injectable()
export class InviteRedemptionsAdapter extends SignUpInvites {
  constructor(private readonly redemptions: InviteRedemptions) {
    super();
  }

  claim(
    code: unknown,
    claimant: { readonly userId: string; readonly googleId: string },
  ): Promise<ClaimedInvite> {
    return this.redemptions.claim(code, claimant);
  }

  complete(
    claim: ClaimedInvite,
    account: { readonly userId: string; readonly email: string },
  ): Promise<void> {
    return this.redemptions.complete(claim, account);
  }

  release(claim: ClaimedInvite): Promise<void> {
    return this.redemptions.release(claim);
  }
}
