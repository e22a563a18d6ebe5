import { createHash, randomBytes } from 'node:crypto';
import { LINK_TOKEN_BYTES } from '../domain/link-token.js';

/** A fresh token: LINK_TOKEN_BYTES from the system's CSPRNG, base64url. */
export function newLinkToken(): string {
  return randomBytes(LINK_TOKEN_BYTES).toString('base64url');
}

/** What is stored instead of the token: its SHA-256, hex (a token is random, so no salt). */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
