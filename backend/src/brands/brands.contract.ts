/**
 * The brands module's contract face (issue #25): the port the deals module provides so that a
 * number a creator sent a deal to may sign up in invite mode, and the code purposes.
 */
export { BrandDealInvitations } from './application/ports/brand-sign-up-allowance.js';
export {
  CODE_PURPOSES,
  type CodeBinding,
  type CodePurpose,
  CODE_TTL_MS,
  RESEND_COOLDOWN_MS,
} from './domain/one-time-code.js';
/** Sending and using a code that proves a number (a package request on a media kit, #42). */
export { ConfirmPhoneCode } from './application/confirm-phone-code.use-case.js';
export { RequestPhoneCode, type SentCode } from './application/request-phone-code.use-case.js';
/** What sending or using such a code may answer (brands.error-statuses.ts has their statuses). */
export {
  ChallengeRequiredError,
  CodeAttemptsExhaustedError,
  CodeNotSentError,
  InvalidCodeError,
  ResendTooSoonError,
  SmsBudgetExhaustedError,
  TooManyCodesError,
} from './domain/brands.errors.js';
export { InvalidBrandPhoneError } from './domain/brand-phone-number.js';
