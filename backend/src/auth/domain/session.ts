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
  /** The browser's User-Agent as last seen (sign-in or refresh); null when none was sent. */
  readonly userAgent: string | null;
  /** The last sign-in or refresh: access tokens are short, so a used session refreshes often. */
  readonly lastActiveAt: Date;
}

/** What a request tells of the browser a session lives in. */
export interface SessionDevice {
  readonly userAgent: string | null;
}

export const UNKNOWN_DEVICE: SessionDevice = { userAgent: null };

export interface SessionLifetimes {
  readonly idleTimeoutMs: number;
  readonly absoluteLifetimeMs: number;
  /** How long a just-rotated refresh token may come back without counting as reuse. */
  readonly reuseGraceMs: number;
}

export function newSession(
  id: string,
  userId: string,
  now: Date,
  lifetimes: SessionLifetimes,
  device: SessionDevice = UNKNOWN_DEVICE,
) {
  return {
    id,
    userId,
    createdAt: now,
    absoluteExpiresAt: new Date(now.getTime() + lifetimes.absoluteLifetimeMs),
    revokedAt: null,
    userAgent: device.userAgent,
    lastActiveAt: now,
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
