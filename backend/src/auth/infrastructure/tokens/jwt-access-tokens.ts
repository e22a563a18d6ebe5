import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { jwtVerify, SignJWT } from 'jose';
import type { AppConfig } from '../../../config/app-config.js';
import { InjectAppConfig } from '../../../config/config.module.js';
import { type AccessTokenClaims, AccessTokens } from '../../application/ports/access-tokens.js';

export const ACCESS_TOKEN_ISSUER = 'paylock';
export const ACCESS_TOKEN_AUDIENCE = 'paylock-api';
const ALGORITHM = 'HS256';

/**
 * HS256 JWTs (jose, the one JWT library of the backend): `sub` (user id), `sid` (session id),
 * `jti`, `iss`, `aud`, `iat`, `exp`. Verification pins the algorithm, issuer and audience, so
 * `alg: none` or a token signed for anything else fails. Signed with JWT_SECRET; they live
 * ACCESS_TOKEN_TTL_SECONDS.
 */
@Injectable()
export class JwtAccessTokens extends AccessTokens {
  private readonly key: Uint8Array;
  private readonly ttlSeconds: number;

  constructor(@InjectAppConfig() config: AppConfig) {
    super();
    this.key = new TextEncoder().encode(config.auth.jwtSecret);
    this.ttlSeconds = config.auth.accessTokenTtlSeconds;
  }

  issue(claims: AccessTokenClaims): Promise<string> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setJti(randomUUID())
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
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
