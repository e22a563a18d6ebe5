import { Injectable } from '@nestjs/common';
import { SessionExpiredError } from '../domain/auth.errors.js';
import { isSessionActive } from '../domain/session.js';
import { type AccessTokenClaims, AccessTokens } from './ports/access-tokens.js';
import { Clock } from '../../common/application/clock.js';
import { SessionStore } from './ports/session.store.js';

/**
 * Accepts an access token only while its session is active, so signing out (or reuse detection)
 * ends access tokens at once rather than when they expire. One read by primary key per request.
 */
@Injectable()
export class AuthenticateAccessToken {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  /** Throws SessionExpiredError for an invalid token or an ended session. */
  async execute(token: string): Promise<AccessTokenClaims> {
    const claims = await this.accessTokens.verify(token);
    if (!claims) throw new SessionExpiredError();
    const session = await this.sessions.findSession(claims.sessionId);
    if (!session || session.userId !== claims.userId || !isSessionActive(session, this.clock.now()))
      throw new SessionExpiredError();
    return claims;
  }
}
