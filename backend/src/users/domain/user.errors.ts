import { DomainError } from '../../common/domain/domain.error.js';

export class UserAlreadyExistsError extends DomainError {
  readonly code = 'ALREADY_REGISTERED';

  constructor() {
    super('This Google account is already registered. Please sign in.');
  }
}
