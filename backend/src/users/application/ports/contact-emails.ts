import type { ContactEmail } from '../../domain/contact-email.js';

/** Each account's contact address and the change waiting for its link (one small keyed record). */
export abstract class ContactEmails {
  abstract find(accountId: string): Promise<ContactEmail | undefined>;

  /** Records `email` as the pending change, replacing any earlier one (its link stops working). */
  abstract requestChange(accountId: string, email: string, requestedAt: Date): Promise<void>;

  /**
   * Switches to the pending address if it is still the one requested at `requestedAt`; answers the
   * previous and the new address, or undefined when another request replaced it (or none is left).
   */
  abstract confirm(
    accountId: string,
    requestedAt: Date,
    at: Date,
  ): Promise<{ readonly previous: string | null; readonly email: string } | undefined>;
}
