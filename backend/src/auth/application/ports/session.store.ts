import type { Rotation, StoredRefreshToken } from '../../domain/refresh-token.js';
import type { Session } from '../../domain/session.js';

/** Sessions, their refresh tokens (hashes only) and the claim-once record of each rotation. */
export abstract class SessionStore {
  abstract createSession(session: Session): Promise<void>;

  abstract findSession(id: string): Promise<Session | null>;

  abstract revokeSession(id: string, at: Date): Promise<void>;

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
