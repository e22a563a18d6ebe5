import { DomainError } from '../../common/domain/domain.error.js';

export class UserAlreadyExistsError extends DomainError {
  static readonly CODE = 'ALREADY_REGISTERED';
  static readonly MESSAGE = 'This Google account is already registered. Please sign in.';
  readonly code = UserAlreadyExistsError.CODE;

  constructor() {
    super(UserAlreadyExistsError.MESSAGE);
  }
}
