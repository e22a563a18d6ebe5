import type { Connection } from 'mongoose';
import { daysBefore, type Pruner, RETENTION_PERIODS } from '../../retention/retention.contract.js';
import { inviteClaimsOn, INVITES_COLLECTION } from './mongo-invite.store.js';

/**
 * The claims deciding invites' fates go inviteClaimsDays after their invite expired: an expired
 * invite is never redeemed or revoked again, and the invite itself records what happened. (The
 * invites are an early-access list: thousands, read by id alone.)
 */
export function inviteClaimsPruner(connection: Connection): Pruner {
  return {
    name: 'invite-claims',
    async prune(now) {
      const before = daysBefore(now, RETENTION_PERIODS.inviteClaimsDays);
      const expired = await connection
        .collection<{ _id: string }>(INVITES_COLLECTION)
        .find({ expiresAt: { $lt: before } }, { projection: { _id: 1 } })
        .toArray();
      if (expired.length === 0) return 0;
      return inviteClaimsOn(connection).remove({ _id: { $in: expired.map(({ _id }) => _id) } });
    },
  };
}
