import { Injectable } from '@nestjs/common';
import { Accounts } from '../../users/users.contract.js';
import { SessionExpiredError } from '../domain/auth.errors.js';
import { hashRefreshToken, type StoredRefreshToken } from '../domain/refresh-token.js';
import { isSessionActive, type Session } from '../domain/session.js';
import { Clock } from '../../common/application/clock.js';
import { SessionLifetimes } from './ports/session-lifetimes.js';
import { SessionStore } from './ports/session.store.js';
import { type IssuedSession, SessionIssuer } from './session-issuer.js';

/**
 * Exchanges a refresh token for a new access token and a new refresh token (rotation). Each
 * refresh token rotates once: the claim is an insert against a unique key, so of two concurrent
 * refreshes only one rotates. A token that comes back after its rotation is reuse — a stolen
 * copy, or the thief's, was used — and ends the whole session, except within the grace window,
 * where it is a second tab refreshing at the same moment: that one gets an access token and keeps
 * the cookie the browser already received from the winning refresh. The grace covers only the
 * immediate predecessor of the live token: once the successor has rotated too, the old token is
 * reuse however recent, so a copy of it cannot keep minting access tokens beside the session.
 */
@Injectable()
export class RefreshSession {
  constructor(
    private readonly sessions: SessionStore,
    private readonly users: Accounts,
    private readonly issuer: SessionIssuer,
    private readonly lifetimes: SessionLifetimes,
    private readonly clock: Clock,
  ) {}

  /** Throws SessionExpiredError for an unknown, expired or reused token or an ended session. */
  async execute(refreshToken: string): Promise<IssuedSession> {
    const now = this.clock.now();
    const hash = hashRefreshToken(refreshToken);
    const { token, session } = await this.activeTokenAndSession(hash, now);
    const user = await this.users.findById(session.userId);
    if (!user) {
      await this.sessions.revokeSession(session.id, now);
      throw new SessionExpiredError();
    }

    if (!(await this.sessions.claimRotation(hash, session.id, now))) {
      await this.acceptReplayWithinGrace(token, session, now);
      return { accessToken: await this.issuer.accessTokenFor(session), refreshToken: null, user };
    }
    return {
      accessToken: await this.issuer.accessTokenFor(session),
      refreshToken: await this.issuer.issueRefreshToken(session),
      user,
    };
  }

  private async activeTokenAndSession(
    hash: string,
    now: Date,
  ): Promise<{ token: StoredRefreshToken; session: Session }> {
    const token = await this.sessions.findRefreshToken(hash);
    if (!token || token.expiresAt <= now) throw new SessionExpiredError();
    const session = await this.sessions.findSession(token.sessionId);
    if (!session || !isSessionActive(session, now)) throw new SessionExpiredError();
    return { token, session };
  }

  /** A replay outside the grace window revokes the session (reuse detection). */
  private async acceptReplayWithinGrace(
    token: StoredRefreshToken,
    session: Session,
    now: Date,
  ): Promise<void> {
    if (await this.isConcurrentRefresh(token, now)) return;
    await this.sessions.revokeSession(session.id, now);
    throw new SessionExpiredError();
  }

  /** Rotated moments ago, and its successor not rotated since: another tab's refresh. */
  private async isConcurrentRefresh(token: StoredRefreshToken, now: Date): Promise<boolean> {
    const rotatedAt = await this.sessions.rotatedAt(token.hash);
    if (!rotatedAt) return false;
    // A request that read the clock just before the winner rotated sees a negative age: it is
    // still a concurrent refresh, but never inside a grace window of zero.
    const ageMs = Math.max(0, now.getTime() - rotatedAt.getTime());
    if (ageMs >= this.lifetimes.reuseGraceMs) return false;
    return !(await this.sessions.rotatedAfter(token.sessionId, rotatedAt));
  }
}
