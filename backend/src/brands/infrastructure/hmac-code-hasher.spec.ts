import { createHash } from 'node:crypto';
import { HmacCodeHasher } from './hmac-code-hasher.js';

const OLD = 'the-old-otp-secret-0123456789abcdef';
const NEW = 'the-new-otp-secret-0123456789abcdef';
const MESSAGE = 'signup|+919876543210|042917';

describe('HmacCodeHasher', () => {
  it('stores an HMAC-SHA256, not an unkeyed hash a 10⁶ search would reverse', () => {
    const hash = new HmacCodeHasher([NEW]).sign(MESSAGE);
    expect(hash).toMatch(/^[a-f\d]{64}$/);
    expect(hash).not.toBe(createHash('sha256').update(MESSAGE).digest('hex'));
    expect(new HmacCodeHasher([OLD]).sign(MESSAGE)).not.toBe(hash);
  });

  it('verifies the right message only', () => {
    const hasher = new HmacCodeHasher([NEW]);
    const hash = hasher.sign(MESSAGE);
    expect(hasher.matches(MESSAGE, hash)).toBe(true);
    expect(hasher.matches('signup|+919876543210|042918', hash)).toBe(false);
    expect(hasher.matches('login|+919876543210|042917', hash)).toBe(false);
    expect(hasher.matches('signup|+919876543211|042917', hash)).toBe(false);
    expect(hasher.matches(MESSAGE, 'not-hex')).toBe(false);
  });

  it('rotates: the first secret signs, every listed one verifies', () => {
    const signedBefore = new HmacCodeHasher([OLD]).sign(MESSAGE);
    const rotated = new HmacCodeHasher([NEW, OLD]);
    expect(rotated.matches(MESSAGE, signedBefore)).toBe(true);
    expect(rotated.sign(MESSAGE)).toBe(new HmacCodeHasher([NEW]).sign(MESSAGE));
    expect(new HmacCodeHasher([NEW]).matches(MESSAGE, signedBefore)).toBe(false);
  });
});
