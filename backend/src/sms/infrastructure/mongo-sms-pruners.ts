import type { Connection } from 'mongoose';
import { daysBefore, type Pruner, RETENTION_PERIODS } from '../../retention/retention.contract.js';

const SMS_OUTBOX = 'sms_outbox';
const SMS_CLAIMS = 'sms_claims';
const SETTLED = ['sent', 'failed', 'expired', 'withdrawn'];

/**
 * What the SMS outbox keeps, and for how long: a code (sealed) only while its message may still go
 * out — `sms-stale-codes` wipes any left past its expiry (a worker that died mid-attempt, every
 * instance stopped) —, a settled message (number, status, the provider's request id) for
 * RETENTION_PERIODS.smsFinishedDays, attempt claims for smsClaimsDays.
 */
export function smsPruners(connection: Connection): Pruner[] {
  const messages = () => connection.collection(SMS_OUTBOX);
  return [
    {
      name: 'sms-stale-codes',
      async prune(now) {
        const { modifiedCount } = await messages().updateMany(
          { expiresAt: { $lte: now }, code: { $ne: null } },
          { $set: { code: null } },
        );
        return modifiedCount;
      },
    },
    {
      name: 'sms-finished',
      async prune(now) {
        const { deletedCount } = await messages().deleteMany({
          status: { $in: SETTLED },
          createdAt: { $lt: daysBefore(now, RETENTION_PERIODS.smsFinishedDays) },
        });
        return deletedCount;
      },
    },
    {
      name: 'sms-claims',
      async prune(now) {
        const { deletedCount } = await connection
          .collection(SMS_CLAIMS)
          .deleteMany({ at: { $lt: daysBefore(now, RETENTION_PERIODS.smsClaimsDays) } });
        return deletedCount;
      },
    },
  ];
}
