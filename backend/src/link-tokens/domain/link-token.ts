import { SECRET_TOKEN_PATTERN } from '../../common/domain/secret-token.js';

/**
 * What a link in an e-mail may do. A token is issued for exactly one purpose and refused for any
 * other. 'personal-link' opens a person's own page (#13); 'email-change' confirms a new address
 * given there; 'deal-review' opens a deal for its brand (and, for the party that accepted, its
 * money); 'deal-claim' moves an accepted deal to the brand workspace that asked for it (#36); 'contact-email-change'
 * confirms an account's new contact address (#41).
 */
export type LinkPurpose =
  | 'waitlist-confirmation'
  | 'personal-link'
  | 'email-change'
  | 'deal-review'
  | 'deal-claim'
  | 'notifications-unsubscribe'
  | 'contact-email-change';

/** What a link token looks like: a secret token (common/domain/secret-token.ts), 43 characters. */
export const LINK_TOKEN_PATTERN = SECRET_TOKEN_PATTERN;

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
