import type { Connection } from 'mongoose';
import {
  daysBefore,
  type Pruner,
  RETENTION_PERIODS,
} from '../../../../retention/retention.contract.js';

/** Sessions removed per run at most (the next run goes on). */
const BATCH = 1000;

/**
 * Ended sessions (revoked, or past their absolute lifetime) go endedSessionsDays after they
 * ended, with their refresh tokens and rotation records; expired refresh tokens of live sessions
 * and rotations older than any session can live go too. `absoluteLifetimeHours` is
 * SESSION_ABSOLUTE_LIFETIME_HOURS: no refresh token outlives it.
 */
export function sessionPruners(connection: Connection, absoluteLifetimeHours: number): Pruner[] {
  const sessions = () => connection.collection<{ _id: string }>('auth_sessions');
  const tokens = () => connection.collection<{ _id: string }>('auth_refresh_tokens');
  const rotations = () => connection.collection<{ _id: string }>('auth_refresh_rotations');
  return [
    {
      name: 'auth-sessions',
      async prune(now) {
        const before = daysBefore(now, RETENTION_PERIODS.endedSessionsDays);
        const ended = await sessions()
          .find(
            { $or: [{ revokedAt: { $lt: before } }, { absoluteExpiresAt: { $lt: before } }] },
            { projection: { _id: 1 } },
          )
          .limit(BATCH)
          .toArray();
        const ids = ended.map(({ _id }) => _id);
        if (ids.length === 0) return 0;
        // Tokens and rotations first: a crash half-way leaves sessions that the next run finds.
        await tokens().deleteMany({ sessionId: { $in: ids } });
        await rotations().deleteMany({ sessionId: { $in: ids } });
        const { deletedCount } = await sessions().deleteMany({ _id: { $in: ids } });
        return deletedCount;
      },
    },
    {
      name: 'auth-refresh-tokens',
      async prune(now) {
        const before = daysBefore(now, RETENTION_PERIODS.endedSessionsDays);
        const { deletedCount } = await tokens().deleteMany({ expiresAt: { $lt: before } });
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
        const { deletedCount } = await rotations().deleteMany({ rotatedAt: { $lt: before } });
        return deletedCount;
      },
    },
  ];
}
