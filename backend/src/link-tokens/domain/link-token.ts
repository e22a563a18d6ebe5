/**
 * What a link in an e-mail may do. A token is issued for exactly one purpose and refused for any
 * other. 'personal-link' opens a person's own page (#13); 'email-change' confirms a new address
 * given there. Later: 'early-access-invite' (#15).
 */
export type LinkPurpose =
  'waitlist-confirmation' | 'personal-link' | 'email-change' | 'deal-review';

/** Random bytes in a token: 256 bits, well above the 128 the design asks for. */
export const LINK_TOKEN_BYTES = 32;

/** What a token looks like: LINK_TOKEN_BYTES in base64url, without padding (43 characters). */
export const LINK_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** A token as stored, found by the hash of the token a link presented. */
export interface LinkTokenRecord {
  /** Whose token it is: an entry's or an account's id, as the purpose defines. */
  readonly subject: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  /** When it was first used; absent until then. */
  readonly usedAt?: Date | undefined;
}

/** What a presented token turned out to be, for the purpose it was presented for. */
export type LinkTokenCheck =
  { readonly status: 'unknown' } | ({ readonly status: 'expired' | 'valid' } & LinkTokenRecord);

/** Expiry is the only judgement made on a found token: whether it was used is the caller's call. */
export function checkLinkToken(record: LinkTokenRecord | undefined, now: Date): LinkTokenCheck {
  if (!record) return { status: 'unknown' };
  return { status: now.getTime() < record.expiresAt.getTime() ? 'valid' : 'expired', ...record };
}
