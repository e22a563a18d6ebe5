import { HttpStatus } from '@nestjs/common';
import { describedError, DomainError } from '../domain/domain.error.js';
import { errorStatuses, statusOf, Throws } from './domain-error-statuses.js';

class ThingNotFoundError extends describedError('THING_NOT_FOUND', 'No such thing.') {}
class ThingTakenError extends describedError('THING_TAKEN', 'That thing is taken.') {}
class UndescribedError extends DomainError {
  readonly code = 'UNDESCRIBED';
}

const TABLE = errorStatuses([
  [ThingNotFoundError, HttpStatus.NOT_FOUND],
  [UndescribedError, HttpStatus.CONFLICT],
]);

describe('domain error statuses', () => {
  it('gives an error the status of the first row its class matches', () => {
    expect(statusOf(TABLE, new ThingNotFoundError())).toBe(404);
    expect(statusOf(TABLE, new ThingTakenError())).toBeUndefined();
  });

  it('refuses to document an error that has no row in the table', () => {
    expect(() => Throws(TABLE, ThingTakenError)).toThrow(
      'ThingTakenError has no HTTP status in its module',
    );
  });

  it('refuses to document an error without a fixed code and message', () => {
    expect(() => Throws(TABLE, UndescribedError)).toThrow('UndescribedError has no fixed CODE');
  });

  it('documents a listed error', () => {
    expect(() => Throws(TABLE, ThingNotFoundError)).not.toThrow();
  });
});
