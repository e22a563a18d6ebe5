/**
 * The address Paylock mails an account's notices to, when the person chose one (Settings →
 * Profile): a creator's otherwise go to their Google address, a brand has none until it sets one.
 * A new address counts only once the link mailed to it is opened (#41).
 */
export interface ContactEmail {
  readonly accountId: string;
  /** The confirmed address; null until one is confirmed. */
  readonly email: string | null;
  /** The latest address asked for and not yet confirmed: only its link works. */
  readonly pending?: { readonly email: string; readonly requestedAt: Date } | undefined;
  readonly confirmedAt?: Date | undefined;
}

/** How long the link to a new contact address works. */
export const CONTACT_EMAIL_LINK_HOURS = 24;

export function contactEmailLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + CONTACT_EMAIL_LINK_HOURS * 3_600_000);
}

/** Where an account's notices go: the confirmed contact address, else the sign-in address. */
export function mailAddressOf(
  signInEmail: string | null,
  contact: ContactEmail | undefined,
): string | null {
  return contact?.email ?? signInEmail;
}

/** "a•••@example.com": enough for the old mailbox's owner to recognise, not to read a stranger's. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${Array.from(local)[0] ?? ''}•••${email.slice(at)}`;
}
