import { createHash, randomBytes } from 'node:crypto';

/** A refresh token as stored: only its hash, never the token itself. */
export interface StoredRefreshToken {
  readonly hash: string;
  readonly sessionId: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

const REFRESH_TOKEN_BYTES = 32;

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new random refresh token (256 bits, base64url) and the hash to store. */
export function generateRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(REFRESH_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}
