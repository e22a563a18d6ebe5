import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { type UserType, InviteeStatuses } from '../../waitlist/waitlist.contract.js';
import { type Invite, isWellFormedCode, maskEmail, stateOf } from '../domain/invite.js';
import {
  InviteExpiredError,
  InviteInvalidError,
  InviteRevokedError,
  InviteUsedError,
} from '../domain/invite.errors.js';
import { InviteCodes } from './ports/invite-codes.js';
import { InviteStore } from './ports/invite-store.js';

/** Who is invited, as the register page may show it to whoever holds the link. */
export interface InvitePreview {
  readonly maskedEmail: string;
  readonly expiresAt: Date;
}

/** A won (or resumed) claim: the account to create is `userId`. */
export interface RedemptionClaim {
  readonly inviteId: string;
  readonly entryId: string;
  readonly userId: string;
  /** False when this Google account had claimed the invite before (another tab, a crash). */
  readonly fresh: boolean;
}

/**
 * Redeeming an invite, for the sign-up (auth). Claim-once (ADR 0024): the claim is an insert
 * against the unique invite id, made before the account is created, so that of any number of
 * simultaneous sign-ups with one invite — tabs, devices, instances — exactly one creates an
 * account. The claim names the Google identity: the same identity may resume a claim whose
 * account was never created (a crash in between); any other identity is told it is used.
 */
@Injectable()
export class InviteRedemptions {
  constructor(
    private readonly store: InviteStore,
    private readonly codes: InviteCodes,
    private readonly entries: InviteeStatuses,
    private readonly clock: Clock,
  ) {}

  /** Throws InviteInvalidError, InviteExpiredError, InviteRevokedError or InviteUsedError. */
  async preview(code: unknown): Promise<InvitePreview> {
    const invite = await this.usable(code);
    return { maskedEmail: maskEmail(invite.email), expiresAt: invite.expiresAt };
  }

  /**
   * Who the invite is for, as a brand's mobile sign-up checks it (#25): the entry's phone (E.164)
   * and user type. Throws as `preview` does; InviteInvalidError when the entry is gone.
   */
  async invitee(code: unknown): Promise<{ readonly phone: string; readonly userType: UserType }> {
    const invite = await this.usable(code);
    const invitee = await this.entries.findInvitee(invite.entryId);
    if (!invitee) throw new InviteInvalidError();
    return { phone: invitee.phone.e164, userType: invitee.userType };
  }

  /**
   * Claims the invite for `claimant`; throws as `preview` does (InviteUsedError: lost race).
   * `googleId` names the claimant's identity: a Google `sub`, or `phone:+91…` for a brand.
   */
  async claim(
    code: unknown,
    claimant: { readonly userId: string; readonly googleId: string },
  ): Promise<RedemptionClaim> {
    const invite = await this.usable(code);
    const outcome = await this.store.claim({
      inviteId: invite.id,
      outcome: 'redeemed',
      at: this.clock.now(),
      userId: claimant.userId,
      googleId: claimant.googleId,
    });
    const base = { inviteId: invite.id, entryId: invite.entryId };
    if (outcome.won) return { ...base, userId: claimant.userId, fresh: true };
    const existing = outcome.existing;
    if (existing?.outcome === 'revoked') throw new InviteRevokedError();
    if (existing?.googleId === claimant.googleId && existing.userId) {
      return { ...base, userId: existing.userId, fresh: false };
    }
    throw new InviteUsedError();
  }

  /** The account exists: the invite is redeemed and the entry joined, linked to it. */
  async complete(
    claim: RedemptionClaim,
    account: { readonly userId: string; readonly email: string },
  ): Promise<void> {
    const now = this.clock.now();
    await this.store.markRedeemed(claim.inviteId, account, now);
    await this.entries.markJoined(
      claim.entryId,
      { accountId: account.userId, email: account.email },
      now,
    );
  }

  /** The account could not be created (this Google account has one already): give it back. */
  async release(claim: RedemptionClaim): Promise<void> {
    if (claim.fresh) await this.store.releaseClaim(claim.inviteId, claim.userId);
  }

  private async usable(code: unknown): Promise<Invite> {
    if (!isWellFormedCode(code)) throw new InviteInvalidError();
    const invite = await this.store.findByCodeHash(this.codes.hash(code));
    if (!invite) throw new InviteInvalidError();
    switch (stateOf(invite, this.clock.now())) {
      case 'redeemed':
        throw new InviteUsedError();
      case 'revoked':
        throw new InviteRevokedError();
      case 'expired':
        throw new InviteExpiredError();
      case 'pending':
        return invite;
    }
  }
}
