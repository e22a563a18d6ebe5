import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { type AccessTokenClaims, AccessTokens } from '../../application/ports/access-tokens.js';

export const ACCESS_TOKEN_ISSUER = 'paylock';
export const ACCESS_TOKEN_AUDIENCE = 'paylock-api';
const ALGORITHM = 'HS256';

interface AccessTokenPayload {
  sub?: unknown;
  sid?: unknown;
}

/**
 * HS256 JWTs: `sub` (user id), `sid` (session id), `jti`, `iss`, `aud`, `exp`. Verification pins
 * the algorithm, issuer and audience, so `alg: none` or a token signed for anything else fails.
 * The secret and lifetime come from JwtModule's registration in the auth module.
 */
@Injectable()
export class JwtAccessTokens extends AccessTokens {
  constructor(private readonly jwt: JwtService) {
    super();
  }

  issue(claims: AccessTokenClaims): Promise<string> {
    return this.jwt.signAsync(
      { sid: claims.sessionId },
      {
        subject: claims.userId,
        jwtid: randomUUID(),
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        algorithm: ALGORITHM,
      },
    );
  }

  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const payload = await this.jwt.verifyAsync<AccessTokenPayload>(token, {
        algorithms: [ALGORITHM],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
      });
      const { sub, sid } = payload;
      return typeof sub === 'string' && typeof sid === 'string'
        ? { userId: sub, sessionId: sid }
        : null;
    } catch {
      return null;
    }
  }
}
