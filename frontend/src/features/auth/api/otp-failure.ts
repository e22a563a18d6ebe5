import { brand } from '../../../config/brand';
import type { OtpFailure } from './brand-otp';

/** The refusal of an uninvited sign-up while early access is by invitation (verbatim). */
export const INVITE_ONLY_TEXT = `${brand.name} is invite-only during early access. Join the waitlist and we'll e-mail your invite.`;

export const otpTexts = {
  sendFailed: "We couldn't send the code, try again",
  wrongCode: 'That code is not right. Check the SMS and try again.',
  expired: 'This code has expired. Request a new one.',
  tooManyTries: 'Too many wrong tries for this code. Request a new one.',
  codeRule: 'Enter the 6-digit code from the SMS',
  network: `We could not reach ${brand.name}. Check your connection and try again.`,
  fallback: 'Something went wrong. Please try again.',
} as const;

/** Where a failure belongs: under the number, under the code, or the invite-only refusal. */
export interface DescribedFailure {
  message: string;
  /** The specification's invite-only refusal, shown with a link to the waitlist. */
  inviteRequired?: boolean;
  /** The code cannot be used any more: a new one is needed. */
  codeDead?: boolean;
}

const codeMessages: ReadonlyMap<string, DescribedFailure> = new Map([
  ['OTP_INVALID', { message: otpTexts.wrongCode }],
  ['OTP_EXPIRED', { message: otpTexts.expired, codeDead: true }],
  ['OTP_TOO_MANY_ATTEMPTS', { message: otpTexts.tooManyTries, codeDead: true }],
  ['SMS_SEND_FAILED', { message: otpTexts.sendFailed }],
  ['INVITE_REQUIRED', { message: INVITE_ONLY_TEXT, inviteRequired: true }],
]);

const isFailure = (error: unknown): error is OtpFailure =>
  typeof error === 'object' && error !== null && 'status' in error;

/** "2 minutes", "45 seconds": how long to wait, as people say it. */
export function waitText(seconds: number): string {
  if (seconds > 90) {
    const minutes = Math.ceil(seconds / 60);
    return `${String(minutes)} minutes`;
  }
  return seconds === 1 ? '1 second' : `${String(seconds)} seconds`;
}

/** The message for what a code call threw (the API's error body, or no answer at all). */
export function describeOtpFailure(error: unknown): DescribedFailure {
  if (!isFailure(error) || error.status === 0) return { message: otpTexts.network };
  if (error.status === 429) {
    const wait = error.retryAfterSeconds ?? 60;
    return { message: `Too many attempts. Please try again in ${waitText(wait)}.` };
  }
  const known = typeof error.code === 'string' ? codeMessages.get(error.code) : undefined;
  if (known) return known;
  if (error.status >= 500) return { message: otpTexts.sendFailed };
  return {
    message:
      typeof error.message === 'string' && error.message ? error.message : otpTexts.fallback,
  };
}
