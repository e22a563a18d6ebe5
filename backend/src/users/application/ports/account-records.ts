/** The account's own records: its sign-in identity, names and contact e-mail (creators and brands). */
export abstract class AccountRecords {
  /**
   * Removes the account (creator or brand) and its contact e-mail: its Google identity or mobile
   * number is free again, so a later sign-in starts a new account. Idempotent.
   */
  abstract erase(accountId: string): Promise<void>;
}
