import type { Connection } from 'mongoose';
import { daysBefore, type Pruner, RETENTION_PERIODS } from '../../retention/retention.contract.js';
import { SmsClaimRecord, SmsRecord } from './mongo-sms-outbox.store.js';
const SETTLED: SmsRecord['status'][] = ['sent', 'failed', 'expired', 'withdrawn'];

/**
 * What the SMS outbox keeps, and for how long: a code (sealed) only while its message may still go
 * out — `sms-stale-codes` wipes any left past its expiry (a worker that died mid-attempt, every
 * instance stopped) —, a settled message (number, status, the provider's request id) for
 * RETENTION_PERIODS.smsFinishedDays, attempt claims for smsClaimsDays.
 */
export function smsPruners(connection: Connection): Pruner[] {
  // The models SmsModule registers on this connection (the schemas declare both collections).
  const messages = () => connection.model<SmsRecord>(SmsRecord.name);
  const claims = () => connection.model<SmsClaimRecord>(SmsClaimRecord.name);
  return [
    {
      name: 'sms-stale-codes',
      async prune(now) {
        const { modifiedCount } = await messages()
          .updateMany({ expiresAt: { $lte: now }, code: { $ne: null } }, { $set: { code: null } })
          .exec();
        return modifiedCount;
      },
    },
    {
      name: 'sms-finished',
      async prune(now) {
        const { deletedCount } = await messages()
          .deleteMany({
            status: { $in: SETTLED },
            createdAt: { $lt: daysBefore(now, RETENTION_PERIODS.smsFinishedDays) },
          })
          .exec();
        return deletedCount;
      },
    },
    {
      name: 'sms-claims',
      async prune(now) {
        const { deletedCount } = await claims()
          .deleteMany({ at: { $lt: daysBefore(now, RETENTION_PERIODS.smsClaimsDays) } })
          .exec();
        return deletedCount;
      },
    },
  ];
}
