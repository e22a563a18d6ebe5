import { normalizeEmailAddress } from '../../common/domain/email-address.js';
import { InvalidFieldsError } from '../../common/domain/domain.error.js';

/**
 * The person's nominee (DPDP Act 2023, section 14): who may exercise their rights over their data
 * if they die or cannot. A name and an e-mail address, nothing else.
 */
export interface Nominee {
  readonly name: string;
  readonly email: string;
  readonly updatedAt: Date;
}

export const NOMINEE_NAME_MAX = 100;

export class InvalidNomineeError extends InvalidFieldsError {
  readonly code = 'INVALID_NOMINEE';
}

/** The nominee as typed, checked: throws InvalidNomineeError with each field's message. */
export function nomineeOf(input: { name: string; email: string }, at: Date): Nominee {
  const name = input.name.trim().replace(/\s+/g, ' ');
  const email = normalizeEmailAddress(input.email);
  const errors: Record<string, string> = {};
  if (name.length === 0) errors.name = 'Enter your nominee’s name';
  else if (name.length > NOMINEE_NAME_MAX) {
    errors.name = `The name can be at most ${String(NOMINEE_NAME_MAX)} characters`;
  } else if (/[\p{Cc}<>]/u.test(name))
    errors.name = 'Enter a name without < > or control characters';
  if (email === undefined) errors.email = 'Enter an e-mail address like name@example.com';
  if (Object.keys(errors).length > 0 || email === undefined) throw new InvalidNomineeError(errors);
  return { name, email, updatedAt: at };
}
