/** Whether a use was claimed; when not, from when one may be claimed again. */
export type LimitClaim =
  { readonly claimed: true } | { readonly claimed: false; readonly retryAt: Date };

/**
 * Numbered allowances, claimed BEFORE the work they allow (#28): at most `limit` uses of one
 * `owner` (an entry's corrections, the change mails to one address, one client's "already
 * registered" answers) in any `windowMs`, however many requests race on however many instances.
 * Each use is the insert of the owner's next numbered slot against a unique key, never a count
 * read first and written later. Owners are stored hashed: a budget names no address or client.
 */
export abstract class LimitSlots {
  /** Claims one use now, or answers when the oldest use in the window leaves it. */
  abstract claim(owner: string, limit: number, windowMs: number, now: Date): Promise<LimitClaim>;

  /** The same answer without claiming anything: whether a use could be claimed now. */
  abstract peek(owner: string, limit: number, windowMs: number, now: Date): Promise<LimitClaim>;
}
