import type { Rotation, StoredRefreshToken } from '../../domain/refresh-token.js';
import type { Session, SessionDevice } from '../../domain/session.js';

/** Sessions, their refresh tokens (hashes only) and the claim-once record of each rotation. */
export abstract class SessionStore {
  abstract createSession(session: Session): Promise<void>;

  abstract findSession(id: string): Promise<Session | null>;

  abstract revokeSession(id: string, at: Date): Promise<void>;

  /** The account's sessions not revoked and not past their absolute end, newest activity first. */
  abstract listActiveSessions(userId: string, now: Date): Promise<Session[]>;

  /**
   * Revokes the account's session with this id if it is active; false when there is none (an
   * unknown id, another account's session, or one already ended).
   */
  abstract revokeSessionOf(userId: string, id: string, at: Date): Promise<boolean>;

  /** Revokes every active session of the account except `keepId`; how many were revoked. */
  abstract revokeOtherSessions(userId: string, keepId: string, at: Date): Promise<number>;

  /** Records activity of the session: when, and from which browser. */
  abstract touchSession(id: string, at: Date, device: SessionDevice): Promise<void>;

  abstract saveRefreshToken(token: StoredRefreshToken): Promise<void>;

  abstract findRefreshToken(hash: string): Promise<StoredRefreshToken | null>;

  /**
   * Records that the token with this hash has been rotated. Atomic claim-once: of any number of
   * concurrent calls for one hash exactly one returns true.
   */
  abstract claimRotation(hash: string, rotation: Rotation): Promise<boolean>;

  /** How the token with this hash was rotated, or null if it never was. */
  abstract findRotation(hash: string): Promise<Rotation | null>;

  /** Whether any refresh token of the session was rotated strictly after `at`. */
  abstract rotatedAfter(sessionId: string, at: Date): Promise<boolean>;
}
