import type { OutgoingMail } from '../../domain/outgoing-mail.js';

/** Where other modules put e-mail: stored first, delivered later by the worker (ADR 0016). */
export abstract class Outbox {
  /** Stores the message for delivery; resolves once it is durably stored (never waits for SMTP). */
  abstract enqueue(mail: OutgoingMail): Promise<void>;

  /**
   * Stores many messages at once (an invite wave): one message per key, as `enqueue`. Adapters
   * that can write in bulk override it; this default stores them one by one.
   */
  async enqueueMany(mails: readonly OutgoingMail[]): Promise<void> {
    for (const mail of mails) await this.enqueue(mail);
  }
  /** Drops queued (not yet sent) messages to this address. */
  abstract discardQueuedTo(email: string): Promise<number>;
  /**
   * Erasure (#13): drops every message to this address not yet sent and redacts the stored copies
   * of those sent (no recipient, no data), except the message keyed `keepKey` (the erasure's own
   * confirmation, which forgets its recipient once sent). Idempotent.
   */
  abstract forgetRecipient(email: string, keepKey?: string): Promise<void>;
  /** The same for every message queued with `about` = `subject`, whatever its address. */
  abstract forgetAbout(subject: string, keepKey?: string): Promise<void>;
}
