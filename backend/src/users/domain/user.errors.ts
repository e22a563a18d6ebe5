import { describedError } from '../../common/domain/domain.error.js';

export class UserAlreadyExistsError extends describedError(
  'ALREADY_REGISTERED',
  'This Google account is already registered. Please sign in.',
) {}
