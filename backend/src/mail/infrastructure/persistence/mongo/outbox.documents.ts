import type { Connection, mongo } from 'mongoose';
import { ClaimOnce } from '../../../../database/claim-once.js';
import type { MailKind } from '../../../domain/outgoing-mail.js';
import type { OutboxMessage, OutboxStatus } from '../../../domain/outbox-message.js';

export const OUTBOX_COLLECTION = 'outbox';
export const OUTBOX_CLAIMS_COLLECTION = 'outbox_claims';

/** One message in `outbox`. `_id` is the message id (a UUID), the Message-ID's left part. */
export interface OutboxDocument {
  _id: string;
  /** Unique: the enqueue's idempotency key. */
  key: string;
  kind: MailKind;
  to: { email: string; name: string };
  data: Record<string, string>;
  status: OutboxStatus;
  attempts: number;
  roundStartedAfter: number;
  createdAt: Date;
  nextAttemptAt: Date;
  leaseUntil?: Date;
  sentAt?: Date;
  failedAt?: Date;
  lastError?: string;
  /** The server's answer to the accepted message ("250 …"). */
  lastResponse?: string;
  /** Redact `to`, `data` and the answers once sent or parked (an erasure's confirmation). */
  forgetRecipientOnceSent?: boolean;
  /** Whom the message is about (an entry's id), for an erasure (OutgoingMail.about). */
  about?: string;
  /** Files sent with the message (a signed contract); emptied when the recipient is forgotten. */
  attachments?: { filename: string; contentType: 'application/pdf'; content: mongo.Binary }[];
  /** OutgoingMail.report. */
  report?: string;
}

/** One claimed attempt in `outbox_claims`: `_id` = `${messageId}:${attempt}`, unique by nature. */
export interface OutboxClaimDocument {
  _id: string;
  messageId: string;
  attempt: number;
  holder: string;
  claimedAt: Date;
  leaseUntil: Date;
}

/** The outbox's attempt claims on `connection`. */
export function outboxClaimsOn(connection: Connection): ClaimOnce<OutboxClaimDocument> {
  return new ClaimOnce(connection, { name: OUTBOX_CLAIMS_COLLECTION });
}

export function claimIdOf(messageId: string, attempt: number): string {
  return `${messageId}:${attempt}`;
}

/** The one place that knows `_id`. */
export function toOutboxMessage(document: OutboxDocument): OutboxMessage {
  return {
    id: document._id,
    key: document.key,
    kind: document.kind,
    to: { email: document.to.email, name: document.to.name },
    data: { ...document.data },
    status: document.status,
    attempts: document.attempts,
    roundStartedAfter: document.roundStartedAfter,
    createdAt: document.createdAt,
    nextAttemptAt: document.nextAttemptAt,
    ...(document.leaseUntil && { leaseUntil: document.leaseUntil }),
    ...(document.sentAt && { sentAt: document.sentAt }),
    ...(document.failedAt && { failedAt: document.failedAt }),
    ...(document.lastError !== undefined && { lastError: document.lastError }),
    ...(document.report !== undefined && { report: document.report }),
    ...(document.attachments !== undefined &&
      document.attachments.length > 0 && {
        attachments: document.attachments.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content: content.buffer,
        })),
      }),
  };
}
