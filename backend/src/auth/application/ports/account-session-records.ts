/** Every record of an account's sign-ins: sessions, refresh tokens, rotations, known browsers. */
export abstract class AccountSessionRecords {
  /** Removes them all (idempotent); a session gone fails its next call and refresh everywhere. */
  abstract eraseAllOf(accountId: string): Promise<void>;
}
