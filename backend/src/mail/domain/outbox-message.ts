import type { MailAttachment, MailKind, MailRecipient } from './outgoing-mail.js';

/**
 * queued: waiting for its next attempt (nextAttemptAt). sending: claimed by a worker until
 * leaseUntil. sent: the SMTP server accepted it. failed: parked after its last attempt (or a
 * permanent refusal), with the server's answer kept; an admin may retry it.
 */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** One stored message, as the worker and the back-office see it. */
export interface OutboxMessage {
  readonly id: string;
  readonly key: string;
  readonly kind: MailKind;
  readonly to: MailRecipient;
  readonly data: Readonly<Record<string, string>>;
  readonly status: OutboxStatus;
  /** Attempts started so far (each one claimed once, see ADR). */
  readonly attempts: number;
  /** `attempts` when the current round began: 0, or its value at the last manual retry. */
  readonly roundStartedAfter: number;
  readonly createdAt: Date;
  readonly nextAttemptAt: Date;
  /** While `sending`: when the claim of the holder lapses (the holder is presumed dead). */
  readonly leaseUntil?: Date;
  readonly sentAt?: Date;
  readonly failedAt?: Date;
  /** The SMTP server's last answer (or the transport error) of a failed attempt. */
  readonly lastError?: string;
  readonly attachments?: readonly MailAttachment[];
  /** The queuer's reference, handed back with each status (OutgoingMail.report). */
  readonly report?: string;
}

/**
 * The delay before retry number `attempt + 1`, after attempt `attempt` failed: the base delay
 * doubled each time (1×, 2×, 4×, …), at most `maxDelayMs`.
 */
export function retryDelayMs(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(baseDelayMs * 2 ** Math.max(attempt - 1, 0), maxDelayMs);
}

/** The stable RFC 5322 Message-ID of a message: the same for every attempt. */
export function messageIdOf(messageId: string, domain: string): string {
  return `<${messageId}@${domain}>`;
}
