import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { InviteeStatuses } from '../../waitlist/waitlist.contract.js';
import { InviteAlreadyRedeemedError, InviteNotFoundError } from '../domain/invite.errors.js';
import { InviteStore } from './ports/invite-store.js';

/**
 * Withdraws an entry's invite: a claim, like a redemption, so that a revocation and a sign-up at
 * the same moment cannot both succeed. Revoking twice is fine; a redeemed invite stays redeemed.
 */
@Injectable()
export class RevokeInvite {
  constructor(
    private readonly store: InviteStore,
    private readonly entries: InviteeStatuses,
    private readonly clock: Clock,
  ) {}

  /** Throws InviteNotFoundError or InviteAlreadyRedeemedError. */
  async execute(entryId: string): Promise<void> {
    const invite = await this.store.findByEntryId(entryId);
    if (!invite) throw new InviteNotFoundError();
    const now = this.clock.now();
    const outcome = await this.store.claim({ inviteId: invite.id, outcome: 'revoked', at: now });
    if (!outcome.won) {
      if (outcome.existing?.outcome === 'revoked') return;
      throw new InviteAlreadyRedeemedError();
    }
    await this.store.markRevoked(invite.id, now);
    await this.entries.markInvited([entryId], 'invite-revoked', now);
  }
}
