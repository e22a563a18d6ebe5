import { createHash, randomBytes } from 'node:crypto';

/**
 * The one kind of secret token Paylock hands out — refresh tokens, e-mailed link tokens,
 * personal-page sessions, invite codes: 32 bytes (256 bits, well above the 128 the design asks
 * for) from the system's CSPRNG, base64url without padding, stored only as a hash (a random
 * token needs no salt).
 */
export const SECRET_TOKEN_BYTES = 32;

/** What a token looks like: SECRET_TOKEN_BYTES in base64url, without padding (43 characters). */
export const SECRET_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';

const SECRET_TOKEN_SHAPE = new RegExp(SECRET_TOKEN_PATTERN);

export function newSecretToken(): string {
  return randomBytes(SECRET_TOKEN_BYTES).toString('base64url');
}

/**
 * What is stored instead of the token: its SHA-256. Hex by default; refresh tokens have always
 * been stored in base64url, so they keep it (a change would end every session).
 */
export function hashSecretToken(token: string, encoding: 'hex' | 'base64url' = 'hex'): string {
  return createHash('sha256').update(token, 'utf8').digest(encoding);
}

/** Whether a string can be a token at all; anything else is refused before any lookup. */
export function isSecretTokenShaped(value: string): boolean {
  return SECRET_TOKEN_SHAPE.test(value);
}
