import type { Model } from 'mongoose';
import {
  daysBefore,
  type Pruner,
  RETENTION_PERIODS,
} from '../../../../retention/retention.contract.js';
import { type OutboxClaimRecord, outboxClaimsOf, type OutboxRecord } from './outbox.documents.js';

/**
 * Sent and failed messages (their recipient, content and the server's answer) go after
 * RETENTION_PERIODS.outboxFinishedDays; an enqueue repeating a key after that would queue again.
 * Attempt claims go once their lease ended outboxClaimsDays ago: the attempt was decided long
 * before, and a worker always re-reads the message after winning a claim.
 */
export function outboxPruners(
  messages: Model<OutboxRecord>,
  claimModel: Model<OutboxClaimRecord>,
): Pruner[] {
  const claims = outboxClaimsOf(claimModel);
  return [
    {
      name: 'outbox-finished',
      async prune(now) {
        const before = daysBefore(now, RETENTION_PERIODS.outboxFinishedDays);
        const { deletedCount } = await messages
          .deleteMany({
            $or: [
              { status: 'sent', sentAt: { $lt: before } },
              { status: 'failed', failedAt: { $lt: before } },
            ],
          })
          .exec();
        return deletedCount;
      },
    },
    {
      name: 'outbox-claims',
      async prune(now) {
        const before = daysBefore(now, RETENTION_PERIODS.outboxClaimsDays);
        return claims.remove({ leaseUntil: { $lt: before } });
      },
    },
  ];
}
