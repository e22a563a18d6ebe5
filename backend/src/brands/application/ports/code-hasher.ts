/**
 * Keyed hashing of codes: HMAC-SHA256 under the server's OTP secrets (OTP_SECRETS). The first
 * secret signs; every one of them verifies, so a secret can be rotated without killing the
 * codes in flight. An unkeyed hash of a 6-digit code would be reversed in 10⁶ guesses.
 */
export abstract class CodeHasher {
  abstract sign(message: string): string;

  /** Compared in constant time against the HMAC under each secret. */
  abstract matches(message: string, hash: string): boolean;
}
