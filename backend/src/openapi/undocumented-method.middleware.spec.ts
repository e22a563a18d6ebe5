import type { OpenAPIObject } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { ApiHttpException } from '../common/presentation/api-http.exception.js';
import { rejectUndocumentedMethods } from './undocumented-method.middleware.js';

const contract = {
  openapi: '3.0.0',
  info: { title: 'test', version: '1' },
  paths: {
    '/api/v1/health': { get: { responses: {} } },
    '/api/v1/auth/logout': { post: { responses: {} } },
    '/api/v1/things/{id}': { get: { responses: {} }, delete: { responses: {} } },
  },
} as unknown as OpenAPIObject;

interface Outcome {
  readonly error?: unknown;
  readonly allow?: string;
}

function send(method: string, path: string): Outcome {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, value),
  } as unknown as Response;
  let error: unknown;
  const next: NextFunction = (passed?: unknown) => {
    error = passed;
  };
  const request = { method, path } as unknown as Request;
  rejectUndocumentedMethods(() => contract)(request, response, next);
  return { error, allow: headers.get('Allow') };
}

describe('rejectUndocumentedMethods', () => {
  it.each([
    ['GET', '/api/v1/health'],
    ['HEAD', '/api/v1/health'],
    ['OPTIONS', '/api/v1/auth/logout'],
    ['POST', '/api/v1/auth/logout/'],
    ['DELETE', '/api/v1/things/42'],
  ])('lets a documented %s %s through', (method, path) => {
    expect(send(method, path)).toEqual({ error: undefined, allow: undefined });
  });

  it.each([
    ['/api/v1/nope'],
    ['/api/v1/health/extra'],
    ['/api/v1/things/42/parts'],
    ['/elsewhere'],
  ])('leaves %s, which the contract does not have, to the router', (path) => {
    expect(send('TRACE', path)).toEqual({ error: undefined, allow: undefined });
  });

  it.each([
    ['TRACE', '/api/v1/health', 'GET, HEAD, OPTIONS'],
    ['POST', '/API/V1/HEALTH', 'GET, HEAD, OPTIONS'],
    ['GET', '/api/v1/auth/logout', 'POST, OPTIONS'],
    ['PUT', '/api/v1/things/42', 'GET, DELETE, HEAD, OPTIONS'],
  ])('answers %s %s with 405 and Allow: %s', (method, path, allow) => {
    const outcome = send(method, path);
    expect(outcome.allow).toBe(allow);
    expect(outcome.error).toBeInstanceOf(ApiHttpException);
    const error = outcome.error as ApiHttpException;
    expect(error.getStatus()).toBe(405);
    expect(error.code).toBe('METHOD_NOT_ALLOWED');
    expect(error.message).toBe(`${method} is not allowed on ${path}; use ${allow}`);
  });
});
