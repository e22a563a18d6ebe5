import { isErrorBody, type ApiErrorBody } from '@/lib/api-error';
import { isWaitlistField, type WaitlistField } from '../waitlist-schema';

export const failureTexts = {
  invalidForm: 'Please fix the form errors and try again!',
  phoneTaken: 'This phone number is already registered!',
  emailTaken: 'This email address is already registered!',
  fallback: 'Submission failed. Please try again.',
} as const;

/** What the form does with a failed submission: which fields to mark and what the toast says. */
export interface JoinFailure {
  toast: string;
  fieldErrors: Partial<Record<WaitlistField, string>>;
}

/** A store's raw duplicate-key words (§8 of the specification): the phone is the unique key. */
const DUPLICATE_KEY_MESSAGE = /duplicate key error|E11000/;

const isPhoneTaken = ({ code, message }: ApiErrorBody) =>
  code === 'PHONE_ALREADY_REGISTERED' ||
  (typeof message === 'string' && DUPLICATE_KEY_MESSAGE.test(message));

const fieldErrorsOf = (errors: unknown): Partial<Record<WaitlistField, string>> =>
  typeof errors === 'object' && errors !== null
    ? Object.fromEntries(
        Object.entries(errors).filter(
          (entry): entry is [WaitlistField, string] =>
            isWaitlistField(entry[0]) && typeof entry[1] === 'string',
        ),
      )
    : {};

/** A field-less server message (e.g. an outdated privacy notice) is worth showing as is. */
const otherFieldMessage = (errors: unknown): string | undefined =>
  typeof errors === 'object' && errors !== null
    ? Object.entries(errors).find(
        (entry): entry is [string, string] =>
          !isWaitlistField(entry[0]) && typeof entry[1] === 'string',
      )?.[1]
    : undefined;

/**
 * Reads what the generated client throws: the API's error body ({ code, message, errors }), a
 * non-JSON body as text, or a network error.
 */
export function describeJoinFailure(error: unknown): JoinFailure {
  if (!isErrorBody(error)) return { toast: failureTexts.fallback, fieldErrors: {} };
  if (isPhoneTaken(error)) {
    return {
      toast: failureTexts.phoneTaken,
      fieldErrors: { phoneNumber: failureTexts.phoneTaken },
    };
  }
  if (error.code === 'EMAIL_ALREADY_REGISTERED') {
    return { toast: failureTexts.emailTaken, fieldErrors: { email: failureTexts.emailTaken } };
  }
  const fieldErrors = fieldErrorsOf(error.errors);
  const message = typeof error.message === 'string' && error.message ? error.message : undefined;
  const toast =
    otherFieldMessage(error.errors) ??
    (Object.keys(fieldErrors).length > 0 ? failureTexts.invalidForm : message) ??
    failureTexts.fallback;
  return { toast, fieldErrors };
}
