import { describedError } from '../../common/domain/domain.error.js';
import type { RetryLater } from '../../common/domain/retry-later.js';

/** Wrong, expired, used, of another number or purpose, or none sent: all one answer. */
export class InvalidCodeError extends describedError(
  'INVALID_CODE',
  "That code isn't right or has expired. Please check the SMS or get a new code.",
) {}

/** Five tries were spent on this code; only a new one helps. */
export class CodeAttemptsExhaustedError extends describedError(
  'CODE_ATTEMPTS_EXHAUSTED',
  'Too many wrong codes. Please get a new code.',
) {}

/** The previous code went out less than a minute ago. */
export class ResendTooSoonError
  extends describedError('RESEND_TOO_SOON', 'Please wait a minute before asking for a new code.')
  implements RetryLater
{
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** Per number (3 in 10 minutes, 10 a day) or per client IP. */
export class TooManyCodesError
  extends describedError(
    'TOO_MANY_CODES',
    'Too many codes have been requested. Please try again later.',
  )
  implements RetryLater
{
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** The hourly SMS budget is spent: no code goes out until the hour ends. */
export class SmsBudgetExhaustedError
  extends describedError(
    'SMS_UNAVAILABLE',
    "We can't send codes right now. Please try again later.",
  )
  implements RetryLater
{
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/**
 * The general SMS budget is spent (#36): "Get OTP" needs a solved proof-of-work challenge
 * (GET /auth/phone/challenges), the same for every number.
 */
export class ChallengeRequiredError extends describedError(
  'CHALLENGE_REQUIRED',
  'Many codes were asked for just now. Please wait a moment while we check this request.',
) {}

/** The SMS provider refused or could not be reached: nothing was kept, the person may retry. */
export class CodeNotSentError extends describedError(
  'CODE_NOT_SENT',
  "We couldn't send the code, try again.",
) {}

/** A sign-in code verified for a number without an account (told only to the number's holder). */
export class BrandAccountNotFoundError extends describedError(
  'ACCOUNT_NOT_FOUND',
  'No Paylock account uses this mobile number yet. Please sign up first.',
) {}

/** The profile of an account that has just been removed. */
export class BrandProfileNotFoundError extends describedError(
  'NOT_FOUND',
  'This brand account no longer exists.',
) {}
