/**
 * Mail's contract face: enqueue through `Outbox`; the back-office reads `OutboxQueries`; the
 * mail kinds and outbox statuses. Nothing from Nest's wiring, Mongoose, SMTP or an adapter (the
 * module is in index.ts).
 */
export { Outbox } from './application/ports/outbox.js';
export { MailDeliveryReports } from './application/mail-delivery-reports.js';
export {
  OutboxQueries,
  type OutboxFigures,
  type OutboxListQuery,
  type OutboxPage,
  type OutboxRetryResult,
} from './application/ports/outbox-queries.js';
export type {
  MailAttachment,
  MailKind,
  MailRecipient,
  OutgoingMail,
} from './domain/outgoing-mail.js';
export { MAIL_KINDS } from './domain/outgoing-mail.js';
export { OUTBOX_STATUSES, type OutboxMessage, type OutboxStatus } from './domain/outbox-message.js';
export { subjectOfMailKind } from './domain/render-mail-kind.js';
