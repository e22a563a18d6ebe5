import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type JwtModuleOptions, JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../../../config/app-config.js';
import { type AccessTokenClaims, AccessTokens } from '../../application/ports/access-tokens.js';

export const ACCESS_TOKEN_ISSUER = 'paylock';
export const ACCESS_TOKEN_AUDIENCE = 'paylock-api';
const ALGORITHM = 'HS256';

/**
 * `JwtModule`'s options for the access tokens: signed with JWT_SECRET, living
 * ACCESS_TOKEN_TTL_SECONDS; verification pins the algorithm, issuer and audience, so `alg: none`
 * or a token signed for anything else fails.
 */
export function accessTokenJwtOptions({ auth }: AppConfig): JwtModuleOptions {
  return {
    secret: auth.jwtSecret,
    signOptions: {
      algorithm: ALGORITHM,
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      expiresIn: auth.accessTokenTtlSeconds,
    },
    verifyOptions: {
      algorithms: [ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
    },
  };
}

/** HS256 JWTs through Nest's `JwtService`: `sub` (user id), `sid` (session id), `jti`, `iss`, `aud`, `iat`, `exp`. */
@Injectable()
export class JwtAccessTokens extends AccessTokens {
  constructor(private readonly jwt: JwtService) {
    super();
  }

  issue(claims: AccessTokenClaims): Promise<string> {
    return this.jwt.signAsync(
      { sid: claims.sessionId },
      { subject: claims.userId, jwtid: randomUUID() },
    );
  }

  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { sub, sid } = await this.jwt.verifyAsync<{ sub?: unknown; sid?: unknown }>(token);
      return typeof sub === 'string' && typeof sid === 'string'
        ? { userId: sub, sessionId: sid }
        : null;
    } catch {
      return null;
    }
  }
}
