import type { EmailAddress } from './email-address.js';
import type { FullName } from './full-name.js';
import type { IndianMobileNumber } from './indian-mobile-number.js';
import type { InstagramHandle } from './instagram-handle.js';
import type { Consent } from './privacy-notice.js';
import type { UserType } from './user-type.js';
import type { WaitlistApplication } from './waitlist-application.js';

/**
 * A person on the waitlist. No two entries share a phone number or an e-mail address; the store
 * enforces that, and gives each entry its seat as it is stored.
 */
export interface WaitlistEntry {
  readonly id: string;
  readonly fullName: FullName;
  readonly email: EmailAddress;
  readonly phone: IndianMobileNumber;
  readonly instagramHandle: InstagramHandle;
  readonly userType: UserType;
  readonly consent: Consent;
}

/** Submitting the form is the consent: to the notice version it showed, at this moment. */
export function newWaitlistEntry(
  id: string,
  application: WaitlistApplication,
  now: Date,
): WaitlistEntry {
  const { privacyNoticeVersion, ...person } = application;
  return { id, ...person, consent: { privacyNoticeVersion, consentedAt: now } };
}
