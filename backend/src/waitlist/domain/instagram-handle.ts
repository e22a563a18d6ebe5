import { InvalidWaitlistValueError } from './waitlist.errors.js';

export const INSTAGRAM_HANDLE_MAX_LENGTH = 30;
const HANDLE_CHARACTERS = /^[A-Za-z0-9._]+$/;

/** An Instagram username, stored without the leading @ people often type. */
export class InstagramHandle {
  private constructor(readonly value: string) {}

  static parse(input: string): InstagramHandle {
    const value = input.trim().replace(/^@/, '');
    if (value === '') throw new InvalidWaitlistValueError('Instagram handle is required');
    if (value.length > INSTAGRAM_HANDLE_MAX_LENGTH) {
      throw new InvalidWaitlistValueError(
        `Instagram handle can be at most ${INSTAGRAM_HANDLE_MAX_LENGTH} characters`,
      );
    }
    if (!HANDLE_CHARACTERS.test(value)) {
      throw new InvalidWaitlistValueError(
        'Instagram handle can only contain letters, numbers, periods and underscores',
      );
    }
    return new InstagramHandle(value);
  }
}
