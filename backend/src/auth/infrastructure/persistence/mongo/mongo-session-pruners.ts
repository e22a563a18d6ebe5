import type { Connection } from 'mongoose';
import {
  daysBefore,
  type Pruner,
  RETENTION_PERIODS,
} from '../../../../retention/retention.contract.js';
import { RefreshTokenRecord, RotationRecord, SessionRecord } from './session.schemas.js';

/** Sessions removed per run at most (the next run goes on). */
const BATCH = 1000;

/**
 * Ended sessions (revoked, or past their absolute lifetime) go endedSessionsDays after they
 * ended, with their refresh tokens and rotation records; expired refresh tokens of live sessions
 * and rotations older than any session can live go too. `absoluteLifetimeHours` is
 * SESSION_ABSOLUTE_LIFETIME_HOURS: no refresh token outlives it.
 */
export function sessionPruners(connection: Connection, absoluteLifetimeHours: number): Pruner[] {
  // The models AuthModule registers on this connection (the schemas declare the collections).
  const sessions = () => connection.model<SessionRecord>(SessionRecord.name);
  const tokens = () => connection.model<RefreshTokenRecord>(RefreshTokenRecord.name);
  const rotations = () => connection.model<RotationRecord>(RotationRecord.name);
  return [
    {
      name: 'auth-sessions',
      async prune(now) {
        const before = daysBefore(now, RETENTION_PERIODS.endedSessionsDays);
        const ended = await sessions()
          .find(
            { $or: [{ revokedAt: { $lt: before } }, { absoluteExpiresAt: { $lt: before } }] },
            { _id: 1 },
          )
          .limit(BATCH)
          .lean<{ _id: string }[]>()
          .exec();
        const ids = ended.map(({ _id }) => _id);
        if (ids.length === 0) return 0;
        // Tokens and rotations first: a crash half-way leaves sessions that the next run finds.
        await tokens()
          .deleteMany({ sessionId: { $in: ids } })
          .exec();
        await rotations()
          .deleteMany({ sessionId: { $in: ids } })
          .exec();
        const { deletedCount } = await sessions()
          .deleteMany({ _id: { $in: ids } })
          .exec();
        return deletedCount;
      },
    },
    {
      name: 'auth-refresh-tokens',
      async prune(now) {
        const before = daysBefore(now, RETENTION_PERIODS.endedSessionsDays);
        const { deletedCount } = await tokens()
          .deleteMany({ expiresAt: { $lt: before } })
          .exec();
        return deletedCount;
      },
    },
    {
      name: 'auth-rotations',
      async prune(now) {
        const before = new Date(
          daysBefore(now, RETENTION_PERIODS.endedSessionsDays).getTime() -
            absoluteLifetimeHours * 3_600_000,
        );
        const { deletedCount } = await rotations()
          .deleteMany({ rotatedAt: { $lt: before } })
          .exec();
        return deletedCount;
      },
    },
  ];
}
