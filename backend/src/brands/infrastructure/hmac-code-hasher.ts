import { createHmac, timingSafeEqual } from 'node:crypto';
import { CodeHasher } from '../application/ports/code-hasher.js';

/** HMAC-SHA256 under OTP_SECRETS: the first signs, every one verifies (rotation). */
export class HmacCodeHasher extends CodeHasher {
  constructor(private readonly secrets: readonly string[]) {
    super();
    if (secrets.length === 0) throw new Error('HmacCodeHasher needs at least one secret');
  }

  sign(message: string): string {
    return this.hmac(this.secrets[0] ?? '', message).toString('hex');
  }

  matches(message: string, hash: string): boolean {
    const expected = Buffer.from(hash, 'hex');
    let matched = false;
    // Every secret is tried, whatever matched first: the time taken does not tell which one did.
    for (const secret of this.secrets) {
      const actual = this.hmac(secret, message);
      if (actual.length === expected.length && timingSafeEqual(actual, expected)) matched = true;
    }
    return matched;
  }

  private hmac(secret: string, message: string): Buffer {
    return createHmac('sha256', secret).update(message, 'utf8').digest();
  }
}
