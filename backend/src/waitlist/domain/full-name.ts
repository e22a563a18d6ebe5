import { characterCount } from './characters.js';
import { InvalidWaitlistValueError } from './waitlist.errors.js';

export const FULL_NAME_MIN_LENGTH = 2;
export const FULL_NAME_MAX_LENGTH = 100;

/** A person's name as they typed it, without surrounding whitespace; lengths in characters. */
export class FullName {
  private constructor(readonly value: string) {}

  static parse(input: string): FullName {
    const value = input.trim();
    if (value === '') throw new InvalidWaitlistValueError('Full name is required');
    const length = characterCount(value);
    if (length < FULL_NAME_MIN_LENGTH) {
      throw new InvalidWaitlistValueError(
        `Full name must be at least ${FULL_NAME_MIN_LENGTH} characters`,
      );
    }
    if (length > FULL_NAME_MAX_LENGTH) {
      throw new InvalidWaitlistValueError(
        `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`,
      );
    }
    return new FullName(value);
  }
}
