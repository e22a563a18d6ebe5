import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AccessTokenClaims } from '../application/ports/access-tokens.js';

const TICKET_AUDIENCE = 'paylock-reauth-ticket';
const TICKET_LIFETIME_SECONDS = 120;

/**
 * A signed, two-minute ticket naming the session that asks to re-authenticate: the Google round
 * trip is a browser navigation, which carries no bearer token. A ticket only lets that session be
 * confirmed by its own Google account, so handing it on gains nothing.
 */
@Injectable()
export class ReauthenticationTickets {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly jwt: JwtService,
  ) {
    this.key = createHmac('sha256', config.auth.jwtSecret).update(TICKET_AUDIENCE).digest();
  }

  issue(claims: AccessTokenClaims): Promise<string> {
    return this.jwt.signAsync(
      { sid: claims.sessionId, uid: claims.userId },
      {
        secret: this.key,
        algorithm: 'HS256',
        audience: TICKET_AUDIENCE,
        expiresIn: TICKET_LIFETIME_SECONDS,
      },
    );
  }

  /** The session of a genuine, unexpired ticket; null for anything else. */
  async read(ticket: unknown): Promise<AccessTokenClaims | null> {
    if (typeof ticket !== 'string' || ticket.length > 2000) return null;
    try {
      const { sid, uid } = await this.jwt.verifyAsync<{ sid?: unknown; uid?: unknown }>(ticket, {
        secret: this.key,
        algorithms: ['HS256'],
        audience: TICKET_AUDIENCE,
      });
      return typeof sid === 'string' && typeof uid === 'string'
        ? { sessionId: sid, userId: uid }
        : null;
    } catch {
      return null;
    }
  }
}
