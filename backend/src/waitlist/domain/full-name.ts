import { characterCount, hasInvisibleOrControlCharacters } from './characters.js';
import { InvalidWaitlistValueError } from './waitlist.errors.js';

export const FULL_NAME_MIN_LENGTH = 2;
export const FULL_NAME_MAX_LENGTH = 100;
export const FULL_NAME_INVISIBLE_MESSAGE =
  'Full name can only contain visible characters (no control or zero-width characters)';

/**
 * A person's name as they typed it, without surrounding whitespace; lengths in characters.
 * Control and format characters (line breaks, zero-width, bidi overrides) are refused: a name
 * goes into e-mail greetings and the back office, where they would hide or reorder text.
 */
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
    if (hasInvisibleOrControlCharacters(value)) {
      throw new InvalidWaitlistValueError(FULL_NAME_INVISIBLE_MESSAGE);
    }
    return new FullName(value);
  }

  /** Restores a stored (already checked) name. */
  static fromStored(value: string): FullName {
    return new FullName(value);
  }
}
