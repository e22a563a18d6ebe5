import { errorCodeOf, messageOf } from '@/lib/api-error';

/** Why a confirmation link did not confirm, as the page explains it. */
export type ConfirmFailure =
  { kind: 'incomplete' | 'invalid' | 'expired' } | { kind: 'unavailable'; message: string };

export const confirmFailureTexts = {
  incomplete: {
    title: 'This link is incomplete',
    text: 'The link in your e-mail is longer than what reached this page. Open it again from the e-mail (or copy all of it), or ask for a new one below.',
  },
  invalid: {
    title: 'This link is not valid',
    text: 'It may have been mistyped, or it belongs to a place that was removed because it was not confirmed within 72 hours. Ask for a new link below, or join the waitlist again.',
  },
  expired: {
    title: 'This link has expired',
    text: 'Confirmation links work for 72 hours. Ask for a new one below.',
  },
  fallback: 'We could not confirm your place right now. Please try again.',
} as const;

/** Reads what the generated client throws: the API's error body, or a network error. */
export function describeConfirmFailure(error: unknown): ConfirmFailure {
  switch (errorCodeOf(error)) {
    case 'VALIDATION_FAILED':
      return { kind: 'incomplete' };
    case 'CONFIRMATION_LINK_NOT_FOUND':
      return { kind: 'invalid' };
    case 'CONFIRMATION_LINK_EXPIRED':
      return { kind: 'expired' };
    default:
      return { kind: 'unavailable', message: messageOf(error, confirmFailureTexts.fallback) };
  }
}
