import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF's context: the key that seals outbox codes is used for nothing else. */
const INFO = 'paylock sms-outbox code v1';

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'paylock-sms-outbox', INFO, 32));
}

/**
 * The code of an SMS waiting in `sms_outbox`, sealed at rest (AES-256-GCM; the message id is the
 * associated data, so a sealed code moved to another message does not open). The key is derived
 * with HKDF from the first of `OTP_SECRETS`; any of them opens it, so a rotation does not strand a
 * message queued just before it. The database alone (a backup, a dump, a stolen disk) never holds
 * a usable code; the code is wiped once the message is settled anyway (sent, failed, expired).
 */
export class SmsCodeSeal {
  private readonly keys: readonly Buffer[];

  constructor(secrets: readonly string[]) {
    if (secrets.length === 0) throw new Error('SmsCodeSeal needs at least one secret');
    this.keys = secrets.map(keyOf);
  }

  seal(messageId: string, code: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0] as Buffer, iv);
    cipher.setAAD(Buffer.from(messageId));
    const sealed = Buffer.concat([
      cipher.update(code, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return `${VERSION}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
  }

  /** The code, or null when no key opens it (a secret removed, a tampered value). */
  open(messageId: string, stored: string): string | null {
    const [version, ivText, sealedText] = stored.split(':');
    if (version !== VERSION || ivText === undefined || sealedText === undefined) return null;
    const iv = Buffer.from(ivText, 'base64url');
    const sealed = Buffer.from(sealedText, 'base64url');
    if (iv.length !== IV_BYTES || sealed.length <= TAG_BYTES) return null;
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(messageId));
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // Not this key: try the next one.
      }
    }
    return null;
  }
}
