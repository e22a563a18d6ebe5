import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** A field encrypted at rest: the key's id beside the ciphertext, so keys can rotate. */
export interface SealedField {
  /** The first 16 hex digits of SHA-256 of the key: names it without revealing it. */
  readonly keyId: string;
  /** base64url of IV (12 bytes) ‖ ciphertext ‖ GCM tag (16 bytes). */
  readonly data: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** A ciphertext whose key is not configured, or that fails its authentication tag. */
export class UnreadableFieldError extends Error {
  constructor(keyId: string) {
    super(`A payout field cannot be decrypted (key ${keyId})`);
    this.name = 'UnreadableFieldError';
  }
}

/**
 * AES-256-GCM with a random 96-bit IV per value. The associated data binds each ciphertext to its
 * record and field (e.g. "<creatorId>:pan"), so a ciphertext copied into another record or field
 * fails to decrypt. New values are sealed with the current key; older keys still open theirs.
 */
export class AesGcmFieldCipher {
  private readonly current: { readonly id: string; readonly key: Buffer };
  private readonly keys = new Map<string, Buffer>();

  constructor(currentKey: Buffer, previousKeys: readonly Buffer[] = []) {
    for (const key of [currentKey, ...previousKeys]) {
      if (key.length !== 32) throw new RangeError('A payout encryption key must be 32 bytes');
      this.keys.set(keyIdOf(key), key);
    }
    this.current = { id: keyIdOf(currentKey), key: currentKey };
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  seal(plaintext: string, associatedData: string): SealedField {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv, {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return {
      keyId: this.current.id,
      data: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url'),
    };
  }

  open(sealed: SealedField, associatedData: string): string {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new UnreadableFieldError(sealed.keyId);
    const bytes = Buffer.from(sealed.data, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new UnreadableFieldError(sealed.keyId);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new UnreadableFieldError(sealed.keyId);
    }
  }

  /** Whether a value was sealed with an older key (re-sealed at the profile's next save). */
  isStale(sealed: SealedField): boolean {
    return sealed.keyId !== this.current.id;
  }
}
