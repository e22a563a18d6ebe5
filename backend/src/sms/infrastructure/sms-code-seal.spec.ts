import { SmsCodeSeal } from './sms-code-seal.js';

describe('SmsCodeSeal', () => {
  const seal = new SmsCodeSeal(['first-secret-of-at-least-32-characters!']);

  it('stores no readable code, and opens what it sealed for the same message only', () => {
    const sealed = seal.seal('otp:+919876543210:1', '123456');
    expect(sealed).not.toContain('123456');
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+$/);
    expect(seal.seal('otp:+919876543210:1', '123456')).not.toBe(sealed);
    expect(seal.open('otp:+919876543210:1', sealed)).toBe('123456');
    expect(seal.open('otp:+919876543210:2', sealed)).toBeNull();
  });

  it('opens codes sealed before a rotation, and refuses tampered or foreign values', () => {
    const before = seal.seal('m-1', '654321');
    const rotated = new SmsCodeSeal([
      'a-new-secret-of-at-least-32-characters',
      'first-secret-of-at-least-32-characters!',
    ]);
    expect(rotated.open('m-1', before)).toBe('654321');
    expect(
      new SmsCodeSeal(['another-secret-entirely-000000000000']).open('m-1', before),
    ).toBeNull();
    const [version, iv, body] = before.split(':');
    // The body's first character carries six whole bits: changing it always changes the bytes.
    const sealed = body ?? '';
    const tampered = `${sealed.startsWith('A') ? 'B' : 'A'}${sealed.slice(1)}`;
    const flipped = `${version ?? ''}:${iv ?? ''}:${tampered}`;
    expect(seal.open('m-1', flipped)).toBeNull();
    expect(seal.open('m-1', '123456')).toBeNull();
    expect(seal.open('m-1', 'v1::')).toBeNull();
  });
});
