import { HttpStatus } from '@nestjs/common';
import { describedError, DomainError, InvalidFieldsError } from '../domain/domain.error.js';
import { ApiHttpException } from './api-http.exception.js';
import { toHttpException } from './domain-error.filter.js';
import { toErrorBody } from './error-body.js';
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

class InvalidThingError extends InvalidFieldsError {
  readonly code = 'INVALID_THING';
}

describe('toHttpException (what DomainErrorFilter answers)', () => {
  it('answers a listed error with its status, code and message', () => {
    const answer = toHttpException(TABLE, new ThingNotFoundError());
    expect(answer).toBeInstanceOf(ApiHttpException);
    expect(toErrorBody(answer)).toEqual({
      statusCode: 404,
      code: 'THING_NOT_FOUND',
      message: 'No such thing.',
    });
  });

  it('answers field errors with 400 VALIDATION_FAILED and the field map, in any table', () => {
    const answer = toHttpException(
      [],
      new InvalidThingError({ name: 'Too short', size: undefined }),
    );
    expect(toErrorBody(answer)).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      errors: { name: 'Too short' },
    });
  });

  it('leaves an error its table does not list as it is: a bug, answered 500', () => {
    const error = new ThingTakenError();
    expect(toHttpException(TABLE, error)).toBe(error);
    expect(toErrorBody(toHttpException(TABLE, error)).statusCode).toBe(500);
  });
});
