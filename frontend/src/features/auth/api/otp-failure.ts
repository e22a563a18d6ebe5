import { brand } from '@/config/brand';
import { OtpFailure } from './brand-otp';
import { inviteFailureTexts } from './use-invite-preview';

/** The refusal of an uninvited sign-up while early access is by invitation (verbatim). */
export const INVITE_ONLY_TEXT = `${brand.name} is invite-only during early access. Join the waitlist and we'll e-mail your invite.`;

/** The API's texts (backend brands/domain/brands.errors.ts), for when an answer has none. */
export const otpTexts = {
  wrongCode: "That code isn't right or has expired. Please check the SMS or get a new code.",
  tooManyTries: 'Too many wrong codes. Please get a new code.',
  sendFailed: "We couldn't send the code, try again.",
  smsUnavailable: "We can't send codes right now. Please try again later.",
  challengeFailed:
    'Many codes were asked for just now. Please wait a moment while we check this request.',
  noAccount: `No ${brand.name} account uses this mobile number yet. Please sign up first.`,
  codeRule: 'Please enter the 6-digit code from the SMS',
  network: `We could not reach ${brand.name}. Check your connection and try again.`,
  fallback: 'Something went wrong. Please try again.',
} as const;

/** What the page shows for a failed "Get OTP" or code. */
export interface DescribedFailure {
  message: string;
  /** The invite-only refusal: shown with a link to the waitlist. */
  inviteRequired?: boolean;
  /** A sign-in for a number without an account: shown with a link to sign up. */
  noAccount?: boolean;
}

const fallbackTexts: ReadonlyMap<string, string> = new Map([
  ['INVALID_CODE', otpTexts.wrongCode],
  ['CODE_ATTEMPTS_EXHAUSTED', otpTexts.tooManyTries],
  ['CODE_NOT_SENT', otpTexts.sendFailed],
  ['SMS_UNAVAILABLE', otpTexts.smsUnavailable],
  ['CHALLENGE_REQUIRED', otpTexts.challengeFailed],
  ['ACCOUNT_NOT_FOUND', otpTexts.noAccount],
  ['INVITE_REQUIRED', INVITE_ONLY_TEXT],
  ...inviteFailureTexts,
]);

/** "2 minutes", "45 seconds": how long to wait, as people say it. */
export function waitText(seconds: number): string {
  if (seconds > 90) return `${String(Math.ceil(seconds / 60))} minutes`;
  return seconds === 1 ? '1 second' : `${String(seconds)} seconds`;
}

/** The first per-field message of a 400 (`errors: { phone: '…' }`). */
function fieldMessageOf(errors: unknown): string | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined;
  return Object.values(errors).find((message): message is string => typeof message === 'string');
}

/**
 * The message for what a code call threw: the API's own text for its code (the invite-only
 * refusal verbatim), a 429's wait from Retry-After, or a plain "try again" when no answer came.
 */
export function describeOtpFailure(error: unknown): DescribedFailure {
  if (!(error instanceof OtpFailure) || error.status === 0) return { message: otpTexts.network };
  const code = typeof error.code === 'string' ? error.code : '';
  if (code === 'INVITE_REQUIRED') return { message: INVITE_ONLY_TEXT, inviteRequired: true };
  if (error.status === 429) {
    const wait = waitText(error.retryAfterSeconds ?? 60);
    return {
      message:
        code === 'RESEND_TOO_SOON'
          ? `Please wait ${wait} before asking for a new code.`
          : `Too many attempts. Please try again in ${wait}.`,
    };
  }
  const fieldMessage = code === 'VALIDATION_FAILED' ? fieldMessageOf(error.errors) : undefined;
  const message =
    fieldMessage ??
    fallbackTexts.get(code) ??
    (error.message || undefined) ??
    (error.status >= 500 ? otpTexts.sendFailed : otpTexts.fallback);
  return { message, ...(code === 'ACCOUNT_NOT_FOUND' && { noAccount: true }) };
}
