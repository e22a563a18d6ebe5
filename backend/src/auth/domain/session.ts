/**
 * One signed-in browser: the family of refresh tokens issued since sign-in. Revoking it ends
 * every token of the family, including access tokens (they name the session as `sid`).
 */
export interface Session {
  readonly id: string;
  readonly userId: string;
  readonly createdAt: Date;
  /** The session ends then, however active it is. */
  readonly absoluteExpiresAt: Date;
  readonly revokedAt: Date | null;
}

export interface SessionLifetimes {
  readonly idleTimeoutMs: number;
  readonly absoluteLifetimeMs: number;
  /** How long a just-rotated refresh token may come back without counting as reuse. */
  readonly reuseGraceMs: number;
}

export function newSession(id: string, userId: string, now: Date, lifetimes: SessionLifetimes) {
  return {
    id,
    userId,
    createdAt: now,
    absoluteExpiresAt: new Date(now.getTime() + lifetimes.absoluteLifetimeMs),
    revokedAt: null,
  } satisfies Session;
}

export function isSessionActive(session: Session, now: Date): boolean {
  return session.revokedAt === null && now < session.absoluteExpiresAt;
}

/** A refresh token lives for the idle timeout, never past its session's absolute end. */
export function refreshTokenExpiry(session: Session, now: Date, lifetimes: SessionLifetimes): Date {
  const idleEnd = now.getTime() + lifetimes.idleTimeoutMs;
  return new Date(Math.min(idleEnd, session.absoluteExpiresAt.getTime()));
}
