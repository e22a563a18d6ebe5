import { hashSecretToken, newSecretToken } from '../../common/domain/secret-token.js';

/** A refresh token as stored: only its hash, never the token itself. */
export interface StoredRefreshToken {
  readonly hash: string;
  readonly sessionId: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

/** Stored in base64url since the first session (see hashSecretToken). */
export function hashRefreshToken(token: string): string {
  return hashSecretToken(token, 'base64url');
}

/** A new random refresh token (a secret token: 256 bits, base64url) and the hash to store. */
export function generateRefreshToken(): { token: string; hash: string } {
  const token = newSecretToken();
  return { token, hash: hashRefreshToken(token) };
}
