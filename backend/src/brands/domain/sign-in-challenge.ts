/**
 * The harder step once the general SMS budget is spent (#36): a proof-of-work challenge the
 * browser solves before "Get OTP" is answered. ALTCHA's v2 format (altcha-lib): find the counter
 * whose SHA-256 of salt + nonce + counter starts with `keyPrefix`; signed, expiring, used once.
 */
export interface SignInChallenge {
  readonly parameters: {
    readonly algorithm: string;
    readonly nonce: string;
    readonly salt: string;
    readonly cost: number;
    readonly keyLength: number;
    readonly keyPrefix: string;
    readonly expiresAt?: number | undefined;
  };
  readonly signature: string;
}

/** 16 leading zero bits: 65,536 hashes on average, a second or two in a phone's browser. */
export const CHALLENGE_KEY_PREFIX = '0000';
/** A challenge must be solved and used within this long. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** The most characters a proof (base64 of the solved challenge) may have. */
export const MAX_PROOF_LENGTH = 2_000;
