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
