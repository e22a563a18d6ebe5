import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { UserRepository } from '../../users/users.contract.js';
import { isSessionActive } from '../domain/session.js';
import {
  authenticatedDuringRoundTrip,
  isRecentlyAuthenticated,
  ReauthenticationNotValidError,
  ReauthenticationRequiredError,
  type ReauthenticationMethod,
  StaleAuthenticationError,
} from '../domain/recent-authentication.js';
import type { AccessTokenClaims } from './ports/access-tokens.js';
import { AuthTimeVerifier, RecentAuthentications } from './ports/recent-authentications.js';
import { SessionStore } from './ports/session.store.js';

/**
 * Lets a change that moves money or identity through only when the session signed in or
 * re-authenticated within the window; otherwise ReauthenticationRequiredError. Read anew on
 * every call, so every API instance agrees.
 */
@Injectable()
export class RequireRecentAuthentication {
  constructor(
    private readonly sessions: SessionStore,
    private readonly recent: RecentAuthentications,
    private readonly clock: Clock,
  ) {}

  async execute(claims: AccessTokenClaims): Promise<void> {
    const [session, reauthenticatedAt] = await Promise.all([
      this.sessions.findSession(claims.sessionId),
      this.recent.lastOf(claims.sessionId),
    ]);
    const signedInAt = session?.createdAt ?? null;
    if (!isRecentlyAuthenticated([signedInAt, reauthenticatedAt], this.clock.now())) {
      throw new ReauthenticationRequiredError();
    }
  }
}

/**
 * Records a proof of identity on the caller's session, once per proof (`proofKey`: a replayed
 * proof is refused). The brands module calls it after a new SMS code.
 */
@Injectable()
export class RecordRecentAuthentication {
  constructor(
    private readonly sessions: SessionStore,
    private readonly recent: RecentAuthentications,
    private readonly clock: Clock,
  ) {}

  async execute(
    claims: AccessTokenClaims,
    method: ReauthenticationMethod,
    proofKey: string,
  ): Promise<void> {
    const now = this.clock.now();
    const session = await this.sessions.findSession(claims.sessionId);
    if (!session || session.userId !== claims.userId || !isSessionActive(session, now)) {
      throw new ReauthenticationNotValidError();
    }
    if (!(await this.recent.claim(`${method}:${proofKey}`, now))) {
      throw new ReauthenticationNotValidError();
    }
    await this.recent.record(session.id, session.userId, now, method);
  }
}

/** The re-authentication round trip a creator's session started (kept in the OAuth state). */
export interface GoogleReauthentication {
  readonly sessionId: string;
  readonly userId: string;
  readonly startedAt: Date;
  /** The round trip's state handle: one use each. */
  readonly handle: string;
}

/**
 * Completes a creator's Google round trip (`prompt=login`, `max_age=0`): the ID token must name
 * the session's own Google account and carry an `auth_time` from this round trip, or the
 * provider did not make the person sign in again.
 */
@Injectable()
export class ReauthenticateWithGoogle {
  constructor(
    private readonly tokens: AuthTimeVerifier,
    private readonly users: UserRepository,
    private readonly record: RecordRecentAuthentication,
    private readonly clock: Clock,
  ) {}

  async execute(idToken: string, attempt: GoogleReauthentication): Promise<void> {
    const proven = await this.tokens.verify(idToken);
    const user = await this.users.findById(attempt.userId);
    if (!user || user.googleId !== proven.googleId) throw new ReauthenticationNotValidError();
    if (!authenticatedDuringRoundTrip(proven.authTime, attempt.startedAt, this.clock.now())) {
      throw new StaleAuthenticationError();
    }
    await this.record.execute(
      { sessionId: attempt.sessionId, userId: attempt.userId },
      'google',
      attempt.handle,
    );
  }
}
