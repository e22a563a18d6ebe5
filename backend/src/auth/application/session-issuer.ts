import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Account } from '../../users/users.contract.js';
import { generateRefreshToken } from '../domain/refresh-token.js';
import {
  newSession,
  refreshTokenExpiry,
  type Session,
  type SessionDevice,
  UNKNOWN_DEVICE,
} from '../domain/session.js';
import { AccessTokens } from './ports/access-tokens.js';
import { Clock } from '../../common/application/clock.js';
import { SessionLifetimes } from './ports/session-lifetimes.js';
import { SessionStore } from './ports/session.store.js';

export interface IssuedRefreshToken {
  readonly value: string;
  readonly expiresAt: Date;
}

/** What a successful sign-in or refresh hands the client. */
export interface IssuedSession {
  readonly accessToken: string;
  /** Null when the client's current refresh cookie stays as it is. */
  readonly refreshToken: IssuedRefreshToken | null;
  readonly user: Account;
}

/**
 * Starts sessions and issues their tokens; shared by sign-up, sign-in and refresh, for creators
 * (Google) and brands (mobile number) alike.
 */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly sessions: SessionStore,
    private readonly accessTokens: AccessTokens,
    private readonly lifetimes: SessionLifetimes,
    private readonly clock: Clock,
  ) {}

  async start(user: Account, device: SessionDevice = UNKNOWN_DEVICE): Promise<IssuedSession> {
    const session = newSession(randomUUID(), user.id, this.clock.now(), this.lifetimes, device);
    await this.sessions.createSession(session);
    return {
      accessToken: await this.accessTokenFor(session),
      refreshToken: await this.issueRefreshToken(session),
      user,
    };
  }

  async issueRefreshToken(session: Session): Promise<IssuedRefreshToken> {
    const now = this.clock.now();
    const { token, hash } = generateRefreshToken();
    const expiresAt = refreshTokenExpiry(session, now, this.lifetimes);
    await this.sessions.saveRefreshToken({ hash, sessionId: session.id, issuedAt: now, expiresAt });
    return { value: token, expiresAt };
  }

  accessTokenFor(session: Session): Promise<string> {
    return this.accessTokens.issue({ userId: session.userId, sessionId: session.id });
  }
}
