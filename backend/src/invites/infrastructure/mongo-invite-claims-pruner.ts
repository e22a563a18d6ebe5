import type { Model } from 'mongoose';
import { daysBefore, type Pruner, RETENTION_PERIODS } from '../../retention/retention.contract.js';
import type { InviteClaimRecord, InviteRecord } from './invite.schemas.js';
import { inviteClaimsOf } from './mongo-invite.store.js';

/**
 * The claims deciding invites' fates go inviteClaimsDays after their invite expired: an expired
 * invite is never redeemed or revoked again, and the invite itself records what happened. (The
 * invites are an early-access list: thousands, read by id alone.)
 */
export function inviteClaimsPruner(
  invites: Model<InviteRecord>,
  claims: Model<InviteClaimRecord>,
): Pruner {
  return {
    name: 'invite-claims',
    async prune(now) {
      const before = daysBefore(now, RETENTION_PERIODS.inviteClaimsDays);
      const expired = await invites
        .find({ expiresAt: { $lt: before } }, { _id: 1 })
        .lean<{ _id: string }[]>()
        .exec();
      if (expired.length === 0) return 0;
      return inviteClaimsOf(claims).remove({ _id: { $in: expired.map(({ _id }) => _id) } });
    },
  };
}
