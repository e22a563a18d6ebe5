import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is reused only when it cannot smuggle anything into logs or headers. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Runs first, before body parsing, so that even a request rejected as malformed JSON has an id:
 * echoed in the response header, bound to every log line (pino-http reuses `req.id`) and quoted
 * in error bodies.
 */
export function requestIdMiddleware(
  request: Request,
  response: Response,
  next: NextFunction,
): void {
  const requestId = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
  request.id = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  next();
}
