import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
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

/**
 * The record of one rotation: the token (by hash) was exchanged at `rotatedAt` for a successor.
 * The successor is kept sealed with the rotated token itself, so the browser that still holds
 * the rotated token (its refresh answer was lost to a reload) can be given the same successor
 * within the grace window, and nobody without that token can read it — the database holds only
 * the token's hash.
 */
export interface Rotation {
  readonly sessionId: string;
  readonly rotatedAt: Date;
  /** Null on rotations recorded before successors were sealed. */
  readonly sealedSuccessor: string | null;
  readonly successorExpiresAt: Date | null;
}

const SEAL_KEY_INFO = 'paylock refresh-token successor';
const SEAL_IV_BYTES = 12;
const SEAL_TAG_BYTES = 16;

/** An AES-256-GCM key derived (HKDF-SHA-256) from the rotated token: unrelated to its hash. */
function sealKey(predecessor: string): Buffer {
  return Buffer.from(hkdfSync('sha256', predecessor, '', SEAL_KEY_INFO, 32));
}

/** The successor encrypted under a key only the predecessor's holder can derive (base64url). */
export function sealSuccessor(predecessor: string, successor: string): string {
  const iv = randomBytes(SEAL_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealKey(predecessor), iv);
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed successor, or null when the seal does not open with this token. */
export function openSuccessor(predecessor: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length <= SEAL_IV_BYTES + SEAL_TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealKey(predecessor),
      bytes.subarray(0, SEAL_IV_BYTES),
    );
    decipher.setAuthTag(bytes.subarray(SEAL_IV_BYTES, SEAL_IV_BYTES + SEAL_TAG_BYTES));
    const body = bytes.subarray(SEAL_IV_BYTES + SEAL_TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
