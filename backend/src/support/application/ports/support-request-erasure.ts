/**
 * An account's erasure (#41): its support requests and support's answers to them go (name,
 * e-mail, subject, message, answer). The audit log's entry for an answer names the request's id
 * only; the mails about them are forgotten with the account's other mail.
 */
export abstract class SupportRequestErasure {
  /** Idempotent: an account without requests is a success. */
  abstract eraseOf(accountId: string): Promise<void>;
}
