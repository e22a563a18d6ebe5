import { Injectable } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { singleLine } from '../../domain/mail-template.js';
import {
  MailTransport,
  MailTransportError,
  type TransportMessage,
  type TransportReceipt,
} from '../../application/ports/mail-transport.js';

export interface SmtpSettings {
  /** smtp:// or smtps://, possibly with credentials: never logged. */
  readonly url: string | undefined;
  readonly requireTls: boolean;
  readonly from: { readonly name: string; readonly address: string };
  /** Where replies go (SUPPORT_EMAIL): the footer invites people to answer. */
  readonly replyTo: string;
  readonly timeoutMs: number;
  readonly maxConnections: number;
}

/** SMTP reply codes 5xx: the server refuses this message for good. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The server's answer when there is one, else the error's own text; never the URL. */
function reasonOf(error: unknown): string {
  const { response, code, message } = (error ?? {}) as {
    response?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (typeof response === 'string' && response !== '') return response;
  const text = typeof message === 'string' ? message : 'unknown SMTP error';
  return typeof code === 'string' ? `${code}: ${text}` : text;
}

/**
 * Nodemailer's pooled SMTP transport. Display names are reduced to one line (no CR/LF or other
 * control characters) before Nodemailer encodes them, so no header can be injected through a
 * name; addresses were validated when the message was stored. The Message-ID is set by the
 * caller and identical for every attempt.
 */
@Injectable()
export class NodemailerMailTransport extends MailTransport {
  private transporter: Transporter<SMTPPool.SentMessageInfo> | undefined;

  constructor(private readonly settings: SmtpSettings) {
    super();
  }

  private transport(): Transporter<SMTPPool.SentMessageInfo> {
    if (!this.settings.url) {
      throw new MailTransportError('SMTP_URL is not set: mail is not delivered', false);
    }
    this.transporter ??= nodemailer.createTransport({
      url: this.settings.url,
      pool: true,
      maxConnections: this.settings.maxConnections,
      requireTLS: this.settings.requireTls,
      connectionTimeout: this.settings.timeoutMs,
      greetingTimeout: this.settings.timeoutMs,
      socketTimeout: this.settings.timeoutMs,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    return this.transporter;
  }

  async send(message: TransportMessage): Promise<TransportReceipt> {
    const transport = this.transport();
    try {
      const info = await transport.sendMail({
        from: { name: singleLine(this.settings.from.name), address: this.settings.from.address },
        to: { name: singleLine(message.to.name), address: message.to.email },
        subject: singleLine(message.subject),
        text: message.text,
        html: message.html,
        ...(message.attachments !== undefined &&
          message.attachments.length > 0 && {
            attachments: message.attachments.map(({ filename, contentType, content }) => ({
              filename,
              contentType,
              content: Buffer.from(content),
            })),
          }),
        ...(message.listUnsubscribeUrl !== undefined && {
          headers: {
            'List-Unsubscribe': `<${message.listUnsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }),
        messageId: message.messageId,
        // Replies reach a person (the footer says "reply to this e-mail").
        replyTo: this.settings.replyTo,
      });
      return { response: info.response };
    } catch (error) {
      throw new MailTransportError(reasonOf(error), isPermanent(error), { cause: error });
    }
  }

  close(): Promise<void> {
    this.transporter?.close();
    this.transporter = undefined;
    return Promise.resolve();
  }
}
