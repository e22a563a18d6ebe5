import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { SessionExpiredError } from '../domain/auth.errors.js';
import { hashRefreshToken } from '../domain/refresh-token.js';
import { isSessionActive } from '../domain/session.js';
import { AuthenticateAccessToken } from './authenticate-access-token.use-case.js';
import { SessionStore } from './ports/session.store.js';

/** What a request carries of a session: its access token, its refresh cookie (either may be absent). */
export interface SessionCredentials {
  readonly accessToken?: string | undefined;
  readonly refreshToken?: string | undefined;
}

/**
 * Who is signed in on a request that does not need a session (a brand's link call), if anyone:
 * the account of an active session named by its access token or its refresh cookie. Never
 * rotates or refuses anything; an unknown or ended credential is simply nobody.
 */
@Injectable()
export class SignedInCaller {
  constructor(
    private readonly authenticate: AuthenticateAccessToken,
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  /** The account ids the credentials name (zero, one, or two different ones). */
  async accountsOf(credentials: SessionCredentials): Promise<string[]> {
    const ids = await Promise.all([
      this.ofAccessToken(credentials.accessToken),
      this.ofRefreshToken(credentials.refreshToken),
    ]);
    return ids.filter((id): id is string => id !== undefined);
  }

  private async ofAccessToken(token: string | undefined): Promise<string | undefined> {
    if (!token) return undefined;
    try {
      return (await this.authenticate.execute(token)).userId;
    } catch (error) {
      if (error instanceof SessionExpiredError) return undefined;
      throw error;
    }
  }

  private async ofRefreshToken(token: string | undefined): Promise<string | undefined> {
    if (!token) return undefined;
    const stored = await this.sessions.findRefreshToken(hashRefreshToken(token));
    if (!stored) return undefined;
    const session = await this.sessions.findSession(stored.sessionId);
    return session && isSessionActive(session, this.clock.now()) ? session.userId : undefined;
  }
}
