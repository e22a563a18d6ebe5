import type { Model } from 'mongoose';
import { daysBefore, type Pruner } from '../../retention/retention.contract.js';
import type { DealRecord } from './deal-document.js';
import { type DealClaimRecord, dealClaimsOf } from './mongo-deal.repository.js';

/**
 * How long a deal's claims are kept: a claim only decides the race for its revision, which lasts
 * as long as a request; a week leaves any request long finished. Each claim holds a whole copy of
 * its deal (the brand's contact details included), so it must not outlive its use.
 */
export const DEAL_CLAIMS_KEPT_DAYS = 7;
const BATCH = 500;

/**
 * Forgets deal claims older than a week whose deal has moved past their revision (or is gone). A
 * claim whose winner stopped before writing its deal is kept: the next read of the deal finishes
 * that write from it.
 */
export function dealClaimsPruner(
  deals: Model<DealRecord>,
  claimModel: Model<DealClaimRecord>,
): Pruner {
  const claims = dealClaimsOf(claimModel);
  return {
    name: 'deal-claims',
    async prune(now) {
      const before = daysBefore(now, DEAL_CLAIMS_KEPT_DAYS);
      let removed = 0;
      let after = '';
      for (;;) {
        const old = await claims.list({ at: { $lt: before }, _id: { $gt: after } }, BATCH);
        if (old.length === 0) return removed;
        const dealIds = [...new Set(old.map(({ dealId }) => dealId))];
        const current = await deals
          .find({ _id: { $in: dealIds } }, { revision: 1 })
          .lean<Pick<DealRecord, '_id' | 'revision'>[]>()
          .exec();
        const revisions = new Map(current.map(({ _id, revision }) => [_id, revision]));
        const done = old.filter(
          ({ dealId, revision }) => (revisions.get(dealId) ?? Infinity) > revision,
        );
        if (done.length > 0)
          removed += await claims.remove({ _id: { $in: done.map(({ _id }) => _id) } });
        after = old.at(-1)?._id ?? after;
        if (old.length < BATCH) return removed;
      }
    },
  };
}
