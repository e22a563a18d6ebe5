import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import {
  RequestValidationException,
  toRequestValidationException,
} from './request-validation.exception.js';

/** Deeper than any request DTO nests: class-transformer recurses, and overflows near 10,000. */
export const MAX_INPUT_DEPTH = 32;

/** Keys that reach an object's prototype. class-transformer drops them without a word. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The first structural problem of a parsed body or query, keyed by the top-level property it is
 * under: a prototype key anywhere, or nesting deeper than MAX_INPUT_DEPTH. Iterative, so that no
 * input can overflow the stack here either.
 */
export function structuralProblem(input: unknown): Record<string, string> | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const pending: { top: string; key: string; value: unknown; depth: number }[] = Object.entries(
    input as Record<string, unknown>,
  ).map(([key, value]) => ({ top: key, key, value, depth: 1 }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { top, key, value, depth } = next;
    if (PROTOTYPE_KEYS.has(key)) return { [top]: `property ${key} should not exist` };
    if (depth > MAX_INPUT_DEPTH) return { [top]: `${top} is nested too deeply` };
    if (typeof value === 'object' && value !== null) {
      for (const [childKey, child] of Object.entries(value as Record<string, unknown>)) {
        pending.push({ top, key: childKey, value: child, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * Unknown fields are rejected, known ones transformed to their DTO types; one message per field
 * (an unknown query parameter "is not a known parameter", an unknown body property "should not
 * exist").
 * Before any of it, a body or query with a prototype key or absurd nesting is refused (400
 * VALIDATION_FAILED) instead of being silently trimmed or crashing the transformer.
 */
class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const problem = structuralProblem(value);
      if (problem) throw new RequestValidationException(problem);
    }
    if (metadata.type !== 'query') return super.transform(value, metadata);
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      throw error instanceof RequestValidationException ? asQueryRefusal(error) : error;
    }
  }
}

/** In a query string, an unknown key is a parameter: "color is not a known parameter". */
function asQueryRefusal(error: RequestValidationException): RequestValidationException {
  const worded = Object.entries(error.fieldErrors).map(([key, message]) => [
    key,
    message === `property ${key} should not exist` ? `${key} is not a known parameter` : message,
  ]);
  return new RequestValidationException(Object.fromEntries(worded) as Record<string, string>);
}

export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: toRequestValidationException,
  });
}
