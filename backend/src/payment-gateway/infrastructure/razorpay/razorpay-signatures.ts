import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** HMAC-SHA256 hex of `data` with `secret`, as Razorpay signs checkouts and webhooks. */
export function razorpaySignature(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/**
 * Whether `signature` is the HMAC-SHA256 hex of `data` with `secret`, compared in constant time
 * (the official SDK compares with `===`). An empty secret verifies nothing: anyone could sign
 * with it.
 */
export function isRazorpaySignature(
  secret: string,
  data: string | Buffer,
  signature: string | undefined,
): boolean {
  if (secret === '' || signature === undefined || !HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(data).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
