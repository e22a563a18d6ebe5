import type { LinkPurpose, LinkTokenCheck } from '../../domain/link-token.js';

export interface LinkTokenRequest {
  readonly purpose: LinkPurpose;
  readonly subject: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

/**
 * Single-purpose, single-use tokens for links in e-mails (waitlist confirmation now; personal
 * links and invites later). Tokens are random (256 bits, base64url) and stored only as their
 * SHA-256 hash: the database never holds a usable link. An abstract class, so it is also the Nest
 * injection token.
 */
export abstract class LinkTokens {
  /** A new token for `subject`; the only time the token itself exists outside the link. */
  abstract issue(request: LinkTokenRequest): Promise<string>;

  /**
   * New tokens for many requests at once (one write, e.g. a wave of 1,000 invite e-mails), in
   * the order of `requests`.
   */
  abstract issueMany(requests: readonly LinkTokenRequest[]): Promise<string[]>;

  /**
   * What `token` is, at `now`: 'unknown' for anything not issued (malformed, truncated, tampered,
   * erased) and for a token issued for another purpose, so a link cannot be replayed elsewhere.
   */
  abstract check(token: string, purpose: LinkPurpose, now: Date): Promise<LinkTokenCheck>;

  /**
   * Claims the token's single use: true for exactly one caller, however many race (an insert
   * against a unique index), false for every later one.
   */
  abstract markUsed(token: string, at: Date): Promise<boolean>;

  /**
   * Forgets every token issued for `subject` (and their uses), whatever the purpose (an erasure),
   * or only those of `purpose` (a changed address: the links mailed to the old one). Idempotent;
   * answers how many tokens went.
   */
  abstract discardFor(subject: string, purpose?: LinkPurpose): Promise<number>;

  /**
   * The latest expiry of the tokens of `purpose` issued for any of `subjects`, if one is still
   * valid at `now` (e.g. whether a brand's mailed link still works: no second one is minted).
   */
  abstract liveUntil(
    subjects: readonly string[],
    purpose: LinkPurpose,
    now: Date,
  ): Promise<Date | undefined>;

  /**
   * Forgets the tokens of `purposes` (and their uses) that expired before `before`; answers how
   * many. Each module prunes only the purposes it owns, on its own schedule (a deal's link is
   * kept far longer than a waitlist confirmation).
   */
  abstract discardExpiredBefore(before: Date, purposes: readonly LinkPurpose[]): Promise<number>;
}
