import { DeliveryError } from '../../../common/application/delivery-error.js';
import type { MailAttachment, MailRecipient } from '../../domain/outgoing-mail.js';

/** One message ready for the wire. */
export interface TransportMessage {
  /** RFC 5322 Message-ID, `<id@domain>`, the same for every attempt of one message. */
  readonly messageId: string;
  readonly to: MailRecipient;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments?: readonly MailAttachment[];
  /** One-click unsubscribe (RFC 8058) for reminders: the List-Unsubscribe headers. */
  readonly listUnsubscribeUrl?: string;
}

/** The mail server's answer to an accepted message (e.g. "250 2.0.0 Ok: queued as …"). */
export interface TransportReceipt {
  readonly response: string;
}

/**
 * Why a send failed. `permanent`: the server refused the message itself (an SMTP 5xx answer);
 * sending it again would be refused again. Otherwise (connection refused or lost, timeouts, 4xx)
 * a later attempt may succeed.
 */
export class MailTransportError extends DeliveryError {}

/** Sends one message over SMTP (adapter: Nodemailer). */
export abstract class MailTransport {
  /** Resolves once the server accepted the message; throws MailTransportError otherwise. */
  abstract send(message: TransportMessage): Promise<TransportReceipt>;
  /** Closes pooled connections (shutdown). */
  abstract close(): Promise<void>;
}
