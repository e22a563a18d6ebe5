/**
 * MailDev for `npm start` (the inbox printed in the banner) and `npm test` (SMTP_URL and
 * MAILDEV_API_URL exported to the suites): the workspace package packages/dev-mail.
 */
export {
  MailDevInbox,
  messageIdOf,
  startMailDev,
  type MailDevOptions,
  type MailDevServer,
  type ReceivedMail,
} from '@paylock/dev-mail';
