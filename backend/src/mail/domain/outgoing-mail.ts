import { EMAIL_PATTERN } from '../../common/domain/email-address.js';

/**
 * What other modules hand to the Outbox: one e-mail of a known kind, to one person. Plain data,
 * rendered into text and HTML only when the worker sends it.
 */
export const MAIL_KINDS = [
  'waitlist-confirmation',
  'early-access-invite',
  'personal-link',
  'waitlist-join-attempt',
  'email-change-confirmation',
  'erasure-confirmation',
  'deal-review-request',
  'deal-brand-action',
  'deal-signed',
  'deal-cancellation-proposed',
  'deal-cancellation-agreed',
  'deal-money-link',
  'deal-claim-link',
  'invoice-issued',
  'notification',
  'contact-email-confirmation',
  'contact-email-changed',
  'new-sign-in',
  'support-request-received',
  'support-request-answered',
  'account-erased',
  'data-export-ready',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface MailRecipient {
  readonly email: string;
  readonly name: string;
}

/** A file sent with a message (e.g. a signed contract PDF), stored with it in the outbox. */
export interface MailAttachment {
  /** A plain file name: letters, digits, dot, dash and underscore. */
  readonly filename: string;
  readonly contentType: 'application/pdf';
  readonly content: Uint8Array;
}

/** The most an outbox message may carry in attachments, in bytes (it is stored in the database). */
export const MAX_ATTACHMENT_BYTES = 4 * 1024 * 1024;

export interface OutgoingMail {
  /** Idempotency key: enqueueing the same key twice stores ONE message (unique index). */
  readonly key: string; // e.g. `waitlist-confirmation:${entryId}:${sendNumber}`
  readonly kind: MailKind;
  readonly to: MailRecipient;
  /** Template variables of that kind, all strings. */
  readonly data: Readonly<Record<string, string>>;
  /**
   * Once delivered (or parked as failed), the stored copy keeps no recipient and no data: for the
   * e-mail that confirms an erasure, the last one sent to an address that must not stay (#13).
   */
  readonly forgetRecipientOnceSent?: boolean;
  /**
   * Whom the message is about (a waitlist entry's id): an erasure forgets every message about the
   * entry by this, whatever address it went to, even one queued after the erasure read the entry.
   */
  readonly about?: string;
  /** Files sent with the message; dropped with `to` and `data` when the recipient is forgotten. */
  readonly attachments?: readonly MailAttachment[];
  /** Handed back with each status the worker records (MailDeliveryReports): a notice's timeline. */
  readonly report?: string;
}

export function isMailKind(value: string): value is MailKind {
  return (MAIL_KINDS as readonly string[]).includes(value);
}

const KEY = /^[\w:.@-]{1,200}$/;
const FILENAME = /^[\w.-]{1,100}$/;

/**
 * A programming error in the caller, not bad user input (callers pass validated entries): an
 * address with whitespace or brackets, a key with odd characters, an unknown kind.
 */
export function assertValidOutgoingMail(mail: OutgoingMail): void {
  if (!isMailKind(mail.kind)) throw new TypeError(`unknown mail kind ${String(mail.kind)}`);
  if (!KEY.test(mail.key)) throw new TypeError('mail key must be 1-200 of [A-Za-z0-9_:.@-]');
  // The one e-mail pattern; no length check here: an address the waitlist accepted (248 emoji,
  // an international domain in its longer ASCII form) must not fail as a programming error.
  if (!EMAIL_PATTERN.test(mail.to.email)) {
    throw new TypeError('mail recipient is not a plain e-mail address');
  }
  const attachments = mail.attachments ?? [];
  if (attachments.some(({ filename }) => !FILENAME.test(filename))) {
    throw new TypeError('attachment file names must be 1-100 of [A-Za-z0-9_.-]');
  }
  if (
    attachments.reduce((total, { content }) => total + content.byteLength, 0) > MAX_ATTACHMENT_BYTES
  ) {
    throw new TypeError('attachments exceed MAX_ATTACHMENT_BYTES');
  }
}
