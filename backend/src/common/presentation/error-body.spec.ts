import {
  BadRequestException,
  HttpException,
  InternalServerErrorException,
  NotFoundException,
  PayloadTooLargeException,
  ServiceUnavailableException,
} from '@nestjs/common';
import mongoose from 'mongoose';
import { ApiHttpException } from './api-http.exception.js';
import { toErrorBody } from './error-body.js';
import { RequestValidationException } from './request-validation.exception.js';

const { mongo } = mongoose;

/** What body-parser throws for invalid JSON (Nest wraps it in a BadRequestException). */
class JsonParseError extends SyntaxError {
  readonly status = 400;
  readonly type = 'entity.parse.failed';
}
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';

describe('toErrorBody', () => {
  it('answers a validation failure with 400 and the per-field messages', () => {
    const body = toErrorBody(
      new RequestValidationException({ email: 'Please enter a valid email address' }),
    );
    expect(body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      errors: { email: 'Please enter a valid email address' },
    });
  });

  it('answers an error with an explicit code as is, details included', () => {
    const body = toErrorBody(
      new ApiHttpException(
        409,
        'PHONE_ALREADY_REGISTERED',
        'This phone number is already registered!',
      ),
    );
    expect(body).toEqual({
      statusCode: 409,
      code: 'PHONE_ALREADY_REGISTERED',
      message: 'This phone number is already registered!',
    });
    expect(toErrorBody(new ApiHttpException(503, 'X', 'y', { db: 'down' })).details).toEqual({
      db: 'down',
    });
  });

  it.each<[string, unknown]>([
    [
      'server selection',
      new mongoose.Error.MongooseServerSelectionError('Server selection timed out after 2000 ms'),
    ],
    ['a network failure', new mongo.MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017')],
    ['a closed client', new mongo.MongoNotConnectedError('Client must be connected')],
    [
      'an operation before the initial connection',
      new mongoose.Error(
        'Cannot call `users.find()` before initial connection is complete if `bufferCommands = false`.',
      ),
    ],
    [
      'a raw socket error from a dying connection',
      Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' }),
    ],
    [
      'a wrapped network failure',
      new Error('query failed', { cause: new mongo.MongoNetworkError('reset') }),
    ],
  ])('answers %s with 503 DATABASE_UNAVAILABLE and a generic message', (_case, error) => {
    expect(toErrorBody(error)).toEqual({
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
      message: UNAVAILABLE,
    });
  });

  it.each<[string, unknown]>([
    ['an unknown error', new Error('secret internals at /srv/app.js:42')],
    [
      'a duplicate-key error',
      new mongo.MongoServerError({
        message:
          'E11000 duplicate key error collection: paylock.waitlist dup key: { phone: "9876543210" }',
        code: 11000,
      }),
    ],
    ['a thrown string', 'boom'],
    [
      'a failed outbound HTTP call',
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      }),
    ],
    ['a deliberate 500', new InternalServerErrorException('stack details')],
  ])('answers %s with 500 INTERNAL_ERROR without leaking its message', (_case, error) => {
    expect(toErrorBody(error)).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred',
    });
  });

  it('answers a malformed JSON body with 400 MALFORMED_JSON', () => {
    const parseError = new JsonParseError('Unexpected token b in JSON');
    const body = toErrorBody(new BadRequestException(parseError.message, { cause: parseError }));
    expect(body).toEqual({
      statusCode: 400,
      code: 'MALFORMED_JSON',
      message: 'The request body is not valid JSON',
    });
  });

  it.each<[string, object, object]>([
    [
      'a body that is not the gzip it claims to be',
      { message: 'incorrect header check', status: 400, expose: true, code: 'Z_DATA_ERROR' },
      { statusCode: 400, code: 'BAD_REQUEST', message: 'The request could not be read' },
    ],
    [
      'a body shorter than its Content-Length',
      {
        message: 'request size did not match content length',
        status: 400,
        expose: true,
        type: 'request.size.invalid',
      },
      { statusCode: 400, code: 'BAD_REQUEST', message: 'The request could not be read' },
    ],
    [
      'an unknown content encoding',
      {
        message: 'unsupported content encoding "xyz"',
        status: 415,
        expose: true,
        type: 'encoding.unsupported',
      },
      {
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The content encoding or character set of the request body is not supported',
      },
    ],
  ])('answers %s with fixed words, not the library message', (_case, cause, expected) => {
    const readingError = Object.assign(new Error(), cause);
    const status = (cause as { status: number }).status;
    const exception = new HttpException(readingError.message, status, { cause: readingError });
    expect(toErrorBody(exception)).toEqual(expected);
  });

  it('answers an oversized body with 413 PAYLOAD_TOO_LARGE', () => {
    expect(toErrorBody(new PayloadTooLargeException())).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large',
    });
  });

  it('derives the code of other HTTP errors from their status, keeping their message', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /api/v1/nope'))).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Cannot GET /api/v1/nope',
    });
    expect(toErrorBody(new HttpException('Slow down', 429)).code).toBe('RATE_LIMITED');
    expect(toErrorBody(new HttpException('Teapot', 418)).code).toBe('BAD_REQUEST');
  });

  it('answers any 503 with the generic unavailable message', () => {
    expect(toErrorBody(new ServiceUnavailableException({ status: 'error' }))).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: UNAVAILABLE,
    });
  });
});
