import { createHmac } from 'node:crypto';
import { gatewayIdempotencyKey } from './razorpay-http-client.js';
import { isRazorpaySignature, razorpaySignature } from './razorpay-signatures.js';

describe('Razorpay signatures', () => {
  const body = '{"entity":"event","event":"payment.captured"}';
  const signature = createHmac('sha256', 'webhook-secret').update(body).digest('hex');

  it('accepts the HMAC-SHA256 hex of the exact data, in either case', () => {
    expect(razorpaySignature('webhook-secret', body)).toBe(signature);
    expect(isRazorpaySignature('webhook-secret', body, signature)).toBe(true);
    expect(isRazorpaySignature('webhook-secret', Buffer.from(body), signature.toUpperCase())).toBe(
      true,
    );
  });

  it('refuses another body, another secret, a malformed or missing signature, an empty secret', () => {
    expect(isRazorpaySignature('webhook-secret', `${body} `, signature)).toBe(false);
    expect(isRazorpaySignature('other-secret', body, signature)).toBe(false);
    expect(isRazorpaySignature('webhook-secret', body, signature.slice(0, 63))).toBe(false);
    expect(isRazorpaySignature('webhook-secret', body, `${signature}00`)).toBe(false);
    expect(isRazorpaySignature('webhook-secret', body, undefined)).toBe(false);
    const unsigned = createHmac('sha256', '').update(body).digest('hex');
    expect(isRazorpaySignature('', body, unsigned)).toBe(false);
  });
});

describe('gatewayIdempotencyKey', () => {
  it('keeps a key Razorpay accepts, and maps any other to the same 36 allowed characters', () => {
    expect(gatewayIdempotencyKey('550e8400-e29b-41d4-a716-446655440000')).toBe(
      '550e8400-e29b-41d4-a716-446655440000',
    );
    const mapped = gatewayIdempotencyKey('release:deal-1:milestone-1');
    expect(mapped).toMatch(/^[A-Za-z0-9_-]{36}$/);
    expect(gatewayIdempotencyKey('release:deal-1:milestone-1')).toBe(mapped);
    expect(gatewayIdempotencyKey('release:deal-1:milestone-2')).not.toBe(mapped);
    expect(gatewayIdempotencyKey('short')).toMatch(/^[A-Za-z0-9_-]{36}$/);
  });

  it('refuses an empty or oversized key', () => {
    expect(() => gatewayIdempotencyKey('')).toThrow(RangeError);
    expect(() => gatewayIdempotencyKey('k'.repeat(201))).toThrow(RangeError);
  });
});
