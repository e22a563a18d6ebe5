import { EmailAddress } from './email-address.js';
import { FullName } from './full-name.js';
import { IndianMobileNumber } from './indian-mobile-number.js';
import { InstagramHandle } from './instagram-handle.js';
import { parsePrivacyNoticeVersion } from './privacy-notice.js';
import { parseUserType, type UserType } from './user-type.js';
import {
  InvalidWaitlistApplicationError,
  InvalidWaitlistValueError,
  type WaitlistField,
} from './waitlist.errors.js';

/** A submission as it arrives: text the person typed, not yet normalised or checked. */
export interface RawWaitlistApplication {
  readonly fullName: string;
  readonly email: string;
  readonly phoneNumber: string;
  readonly instagramHandle: string;
  readonly userType: string;
  readonly privacyNoticeVersion?: string | undefined;
}

/** A submission whose every field is valid and normalised. */
export interface WaitlistApplication {
  readonly fullName: FullName;
  readonly email: EmailAddress;
  readonly phone: IndianMobileNumber;
  readonly instagramHandle: InstagramHandle;
  readonly userType: UserType;
  readonly privacyNoticeVersion: string;
}

/**
 * Parses fields one by one and keeps each invalid field's message, so that all of them are
 * reported at once (InvalidWaitlistApplicationError), not the first only.
 */
export function fieldParser() {
  const fieldErrors: Partial<Record<WaitlistField, string>> = {};
  const field = <T>(name: WaitlistField, parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof InvalidWaitlistValueError)) throw error;
      fieldErrors[name] = error.message;
      return undefined;
    }
  };
  return { field, fieldErrors };
}

/** An e-mail address typed alone (a link request, a new address), with the form's messages. */
export function parseEmailField(input: string): EmailAddress {
  const { field, fieldErrors } = fieldParser();
  const email = field('email', () => EmailAddress.parse(input));
  if (!email) throw new InvalidWaitlistApplicationError(fieldErrors);
  return email;
}

/** Parses every field, so that all invalid fields are reported at once, not the first only. */
export function parseWaitlistApplication(raw: RawWaitlistApplication): WaitlistApplication {
  const { field, fieldErrors } = fieldParser();
  const fullName = field('fullName', () => FullName.parse(raw.fullName));
  const email = field('email', () => EmailAddress.parse(raw.email));
  const phone = field('phoneNumber', () => IndianMobileNumber.parse(raw.phoneNumber));
  const instagramHandle = field('instagramHandle', () =>
    InstagramHandle.parse(raw.instagramHandle),
  );
  const userType = field('userType', () => parseUserType(raw.userType));
  const privacyNoticeVersion = field('privacyNoticeVersion', () =>
    parsePrivacyNoticeVersion(raw.privacyNoticeVersion),
  );
  if (!fullName || !email || !phone || !instagramHandle || !userType || !privacyNoticeVersion) {
    throw new InvalidWaitlistApplicationError(fieldErrors);
  }
  return { fullName, email, phone, instagramHandle, userType, privacyNoticeVersion };
}
