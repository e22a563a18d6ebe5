import { Injectable } from '@nestjs/common';
import { Accounts, type Account } from '../../users/users.contract.js';
import { SessionExpiredError } from '../domain/auth.errors.js';
import {
  hashRefreshToken,
  openSuccessor,
  sealSuccessor,
  type Rotation,
  type StoredRefreshToken,
} from '../domain/refresh-token.js';
import {
  isSessionActive,
  type Session,
  type SessionDevice,
  UNKNOWN_DEVICE,
} from '../domain/session.js';
import { Clock } from '../../common/application/clock.js';
import { SessionLifetimes } from './ports/session-lifetimes.js';
import { SessionStore } from './ports/session.store.js';
import { type IssuedRefreshToken, type IssuedSession, SessionIssuer } from './session-issuer.js';

/**
 * Exchanges a refresh token for a new access token and a new refresh token (rotation). Each
 * refresh token rotates once: the claim is an insert against a unique key, so of two concurrent
 * refreshes only one rotates. A token that comes back after its rotation is reuse — a stolen
 * copy, or the thief's, was used — and ends the whole session, except within the grace window:
 * there it is the same browser whose refresh answer was lost (a reload aborted the request after
 * the server had rotated) or a second tab refreshing at the same moment, and it is answered with
 * the SAME successor the winning refresh issued (kept sealed with the rotated token, see
 * `Rotation`), so the browser ends up holding the live token whichever answer it kept. The grace
 * covers only the immediate predecessor of the live token: once the successor has rotated too,
 * the old token is reuse however recent, so a copy of it cannot keep minting tokens beside the
 * session ([ADR 0050](../../../../docs/adr/0050-refresh-replay-gets-the-same-successor.md)).
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
  async execute(
    refreshToken: string,
    device: SessionDevice = UNKNOWN_DEVICE,
  ): Promise<IssuedSession> {
    const now = this.clock.now();
    const hash = hashRefreshToken(refreshToken);
    const { token, session } = await this.activeTokenAndSession(hash, now);
    const user = await this.users.findById(session.userId);
    if (!user) {
      await this.sessions.revokeSession(session.id, now);
      throw new SessionExpiredError();
    }

    // The successor is stored before the claim, so any answer that names it names a live token
    // (a losing request's unused successor is a random token nobody holds; it expires unused).
    const successor = await this.issuer.issueRefreshToken(session);
    const won = await this.sessions.claimRotation(hash, {
      sessionId: session.id,
      rotatedAt: now,
      sealedSuccessor: sealSuccessor(refreshToken, successor.value),
      successorExpiresAt: successor.expiresAt,
    });
    if (!won) return this.answerReplay(refreshToken, token, session, user, now);
    await this.sessions.touchSession(session.id, now, device);
    return {
      accessToken: await this.issuer.accessTokenFor(session),
      refreshToken: successor,
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

  /**
   * A rotated token came back: within the grace window it gets the winner's successor; outside
   * it, the session is revoked (reuse detection).
   */
  private async answerReplay(
    refreshToken: string,
    token: StoredRefreshToken,
    session: Session,
    user: Account,
    now: Date,
  ): Promise<IssuedSession> {
    const rotation = await this.sessions.findRotation(token.hash);
    if (!rotation || !(await this.isConcurrentRefresh(rotation, now))) {
      await this.sessions.revokeSession(session.id, now);
      throw new SessionExpiredError();
    }
    return {
      accessToken: await this.issuer.accessTokenFor(session),
      refreshToken: sameSuccessor(refreshToken, rotation),
      user,
    };
  }

  /** Rotated moments ago, and its successor not rotated since. */
  private async isConcurrentRefresh(rotation: Rotation, now: Date): Promise<boolean> {
    // A request that read the clock just before the winner rotated sees a negative age: it is
    // still a concurrent refresh, but never inside a grace window of zero.
    const ageMs = Math.max(0, now.getTime() - rotation.rotatedAt.getTime());
    if (ageMs >= this.lifetimes.reuseGraceMs) return false;
    return !(await this.sessions.rotatedAfter(rotation.sessionId, rotation.rotatedAt));
  }
}

/**
 * The winner's successor, opened with the replayed token. Null for rotations recorded before
 * successors were sealed: the client then keeps whatever cookie it has.
 */
function sameSuccessor(refreshToken: string, rotation: Rotation): IssuedRefreshToken | null {
  if (!rotation.sealedSuccessor || !rotation.successorExpiresAt) return null;
  const value = openSuccessor(refreshToken, rotation.sealedSuccessor);
  return value ? { value, expiresAt: rotation.successorExpiresAt } : null;
}
