import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { SessionNotFoundError } from '../domain/auth.errors.js';
import type { Session } from '../domain/session.js';
import { SessionStore } from './ports/session.store.js';

/** One of the account's active sessions, and whether it is the one asking. */
export interface ListedSession {
  readonly session: Session;
  readonly current: boolean;
}

/** Where the account is signed in: its active sessions, the caller's own marked. */
@Injectable()
export class ListAccountSessions {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string, currentSessionId: string): Promise<ListedSession[]> {
    const active = await this.sessions.listActiveSessions(userId, this.clock.now());
    return active.map((session) => ({ session, current: session.id === currentSessionId }));
  }
}

/**
 * Ends one of the account's sessions (a lost phone): its access tokens fail on their next call
 * and its refresh token at its next refresh, on every API instance, since both read the
 * session's record in the database.
 */
@Injectable()
export class RevokeAccountSession {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  /** Throws SessionNotFoundError unless it is an active session of this account. */
  async execute(userId: string, sessionId: string): Promise<void> {
    const revoked = await this.sessions.revokeSessionOf(userId, sessionId, this.clock.now());
    if (!revoked) throw new SessionNotFoundError();
  }
}

/** "Sign out everywhere else": ends every session of the account but the caller's. */
@Injectable()
export class SignOutOtherSessions {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  /** How many sessions were ended. */
  execute(userId: string, currentSessionId: string): Promise<number> {
    return this.sessions.revokeOtherSessions(userId, currentSessionId, this.clock.now());
  }
}
