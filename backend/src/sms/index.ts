/** The SMS module's wiring face; types and ports are in sms.contract.ts. */
export { SmsModule } from './sms.module.js';
export { SmsBudget, SmsBudgetAlerts, SmsOutbox } from './sms.contract.js';
export type {
  NoticeSms,
  OtpSms,
  OutgoingSms,
  SmsBudgetStatus,
  SmsSendOutcome,
} from './sms.contract.js';
