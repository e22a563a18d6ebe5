/**
 * The local SMS inbox for `npm start` without SMS_BASE_URL and for the tests: the workspace
 * package packages/sms-inbox, which speaks MSG91's Flow API.
 */
export {
  startSmsInbox,
  type ReceivedSms,
  type SmsInbox,
  type SmsInboxOptions,
} from '@paylock/sms-inbox';
