import { randomBytes } from 'node:crypto';
import { AesGcmFieldCipher, keyIdOf, UnreadableFieldError } from './aes-gcm-field-cipher.js';

const OLD_KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);

describe('AesGcmFieldCipher', () => {
  it('opens what it sealed, and the ciphertext holds nothing of the plain value', () => {
    const cipher = new AesGcmFieldCipher(NEW_KEY);
    const sealed = cipher.seal('ABCPE1234F', 'creator-1:pan');
    expect(sealed.keyId).toBe(keyIdOf(NEW_KEY));
    expect(sealed.data).not.toContain('ABCPE1234F');
    expect(Buffer.from(sealed.data, 'base64url').toString('latin1')).not.toContain('1234');
    expect(cipher.open(sealed, 'creator-1:pan')).toBe('ABCPE1234F');
  });

  it('seals the same value differently each time (a random IV)', () => {
    const cipher = new AesGcmFieldCipher(NEW_KEY);
    expect(cipher.seal('50100123456789', 'a').data).not.toBe(
      cipher.seal('50100123456789', 'a').data,
    );
  });

  it('refuses a ciphertext moved to another record or field, or tampered with', () => {
    const cipher = new AesGcmFieldCipher(NEW_KEY);
    const sealed = cipher.seal('ABCPE1234F', 'creator-1:pan');
    expect(() => cipher.open(sealed, 'creator-2:pan')).toThrow(UnreadableFieldError);
    expect(() => cipher.open(sealed, 'creator-1:accountNumber')).toThrow(UnreadableFieldError);
    const bytes = Buffer.from(sealed.data, 'base64url');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(() =>
      cipher.open({ ...sealed, data: bytes.toString('base64url') }, 'creator-1:pan'),
    ).toThrow(UnreadableFieldError);
  });

  it('rotates keys: values sealed with a previous key still open, new ones use the current key', () => {
    const before = new AesGcmFieldCipher(OLD_KEY);
    const sealedBefore = before.seal('50100123456789', 'creator-1:accountNumber');

    const after = new AesGcmFieldCipher(NEW_KEY, [OLD_KEY]);
    expect(after.isStale(sealedBefore)).toBe(true);
    expect(after.open(sealedBefore, 'creator-1:accountNumber')).toBe('50100123456789');
    const resealed = after.seal('50100123456789', 'creator-1:accountNumber');
    expect(resealed.keyId).toBe(keyIdOf(NEW_KEY));
    expect(after.isStale(resealed)).toBe(false);

    // Once the old key is dropped, its values cannot be read: re-save before removing it.
    expect(() =>
      new AesGcmFieldCipher(NEW_KEY).open(sealedBefore, 'creator-1:accountNumber'),
    ).toThrow(UnreadableFieldError);
  });

  it('accepts only 32-byte keys', () => {
    expect(() => new AesGcmFieldCipher(randomBytes(16))).toThrow(RangeError);
  });
});
