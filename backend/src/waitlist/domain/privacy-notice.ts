import { InvalidWaitlistValueError } from './waitlist.errors.js';

/** The version of the privacy notice shown under the waitlist form today. */
export const CURRENT_PRIVACY_NOTICE_VERSION = '2026-11-23';

/** What a person agreed to by submitting the form, and when. */
export interface Consent {
  readonly privacyNoticeVersion: string;
  readonly consentedAt: Date;
}

/**
 * The notice version the form showed; omitted means the current one. Any other version means the
 * page is older than the notice, so the person has not seen what they would agree to.
 */
export function parsePrivacyNoticeVersion(input: string | undefined): string {
  if (input === undefined) return CURRENT_PRIVACY_NOTICE_VERSION;
  if (input !== CURRENT_PRIVACY_NOTICE_VERSION) {
    throw new InvalidWaitlistValueError('Please reload the page and try again');
  }
  return input;
}
