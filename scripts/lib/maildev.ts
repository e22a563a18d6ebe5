/**
 * MailDev for `npm start` (the inbox printed in the banner) and `npm test` (SMTP_URL and
 * MAILDEV_API_URL exported to the suites). One implementation, kept with the backend's test
 * support (whose type check admits no file outside backend/), like the identity provider.
 */
export {
  MailDevInbox,
  messageIdOf,
  startMailDev,
  type MailDevOptions,
  type MailDevServer,
  type ReceivedMail,
} from '../../backend/test/support/maildev.ts';
