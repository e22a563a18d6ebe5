import type { Request } from 'express';

/** A cookie's value as parsed by cookie-parser: a non-empty string, or undefined. */
export function readCookie(request: Request, name: string): string | undefined {
  const value: unknown = (request.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
