/**
 * The short sessions a personal link opens (#13): one entry each, 30 minutes, ended by "Done".
 * Kept server-side (the cookie holds a random token, the store only its hash), so ending one
 * revokes it everywhere. Not the creator session of auth.
 */
export abstract class PersonalSessions {
  /** A new session for `entryId` until `expiresAt`; answers its token (the cookie's value). */
  abstract start(entryId: string, at: Date, expiresAt: Date): Promise<string>;

  /** The entry of a live session, or undefined (unknown, tampered, ended, expired). */
  abstract entryOf(token: string, now: Date): Promise<string | undefined>;

  /** Ends one session (idempotent). */
  abstract end(token: string): Promise<void>;

  /** Ends every session of an entry (erasure); idempotent. */
  abstract endAllOf(entryId: string): Promise<void>;

  /** Forgets sessions that expired before `before`; answers how many. */
  abstract discardExpiredBefore(before: Date): Promise<number>;
}
