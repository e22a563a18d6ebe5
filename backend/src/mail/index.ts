/** What other modules may use of mail: enqueue through `Outbox`; the back-office reads `OutboxQueries`. */
export { MailModule } from './mail.module.js';
export { Outbox } from './application/ports/outbox.js';
export {
  OutboxQueries,
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
