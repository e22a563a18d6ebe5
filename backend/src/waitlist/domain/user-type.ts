import { InvalidWaitlistValueError } from './waitlist.errors.js';

export const USER_TYPES = ['influencer', 'brand', 'agency', 'talent_manager'] as const;

export type UserType = (typeof USER_TYPES)[number];

function isUserType(input: string): input is UserType {
  return (USER_TYPES as readonly string[]).includes(input);
}

/** Exactly one of USER_TYPES: the form offers a list, so anything else is not a choice. */
export function parseUserType(input: string): UserType {
  if (!isUserType(input)) throw new InvalidWaitlistValueError('Please select your user type');
  return input;
}

/** The user types that sign in as brands, with a mobile number (#25): everyone but influencers. */
export const BRAND_SIDE_USER_TYPES: readonly UserType[] = ['brand', 'agency', 'talent_manager'];

/** Whether a waitlist entry of this user type joins as a brand (its invite opens the Brand tab). */
export function isBrandSideUserType(userType: string): boolean {
  return (BRAND_SIDE_USER_TYPES as readonly string[]).includes(userType);
}
