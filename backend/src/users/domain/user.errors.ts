import { describedError } from '../../common/domain/domain.error.js';

export class UserAlreadyExistsError extends describedError(
  'ALREADY_REGISTERED',
  'This Google account is already registered. Please sign in.',
) {}

/** Two sign-ups of one number raced: the other one made the account (the caller reads it). */
export class BrandAccountExistsError extends describedError(
  'ALREADY_REGISTERED',
  'This mobile number is already registered. Please sign in.',
) {}
