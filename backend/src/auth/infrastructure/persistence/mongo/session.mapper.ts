import type { Rotation, StoredRefreshToken } from '../../../domain/refresh-token.js';
import type { Session } from '../../../domain/session.js';
import type { RefreshTokenRecord, RotationRecord, SessionRecord } from './session.schemas.js';

/** A record's fields: plain objects, written as they are. */
type Fields<T> = Pick<T, keyof T>;

/** The one place that knows the stored shapes of sessions and refresh tokens (and `_id`). */
export function toSessionRecord(session: Session): Fields<SessionRecord> {
  const { id, ...rest } = session;
  return { _id: id, ...rest };
}

/** Sessions started before device and activity were recorded lack both fields. */
export function toSession(record: Fields<SessionRecord>): Session {
  const { _id, userAgent, lastActiveAt, ...rest } = record as Partial<Fields<SessionRecord>> &
    Pick<SessionRecord, '_id' | 'userId' | 'createdAt' | 'absoluteExpiresAt' | 'revokedAt'>;
  return {
    id: _id,
    ...rest,
    userAgent: userAgent ?? null,
    lastActiveAt: lastActiveAt ?? rest.createdAt,
  };
}

export function toRefreshTokenRecord(token: StoredRefreshToken): Fields<RefreshTokenRecord> {
  const { hash, ...rest } = token;
  return { _id: hash, ...rest };
}

export function toStoredRefreshToken(record: Fields<RefreshTokenRecord>): StoredRefreshToken {
  const { _id, ...rest } = record;
  return { hash: _id, ...rest };
}

/** The claim-once record of a rotated refresh token, keyed by the token's hash. */
export function toRotationRecord(hash: string, rotation: Rotation): Fields<RotationRecord> {
  return { _id: hash, ...rotation };
}

/** Records written before successors were sealed have neither field. */
export function toRotation(record: Partial<Fields<RotationRecord>>): Rotation {
  return {
    sessionId: record.sessionId ?? '',
    rotatedAt: record.rotatedAt ?? new Date(0),
    sealedSuccessor: record.sealedSuccessor ?? null,
    successorExpiresAt: record.successorExpiresAt ?? null,
  };
}

/** Filters a record by its key, for updates. */
export function byKey(key: string): { _id: string } {
  return { _id: key };
}
