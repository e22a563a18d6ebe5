import type { OpenAPIObject } from '@nestjs/swagger';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiHttpException } from '../common/presentation/api-http.exception.js';
import { ErrorCode } from '../common/presentation/error-code.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface DocumentedPath {
  readonly pattern: RegExp;
  /** The methods the contract documents for the path, as the Allow header lists them. */
  readonly allow: readonly string[];
}

/** `/api/v1/things/{id}` → a regex matching the path as Express routes it. */
function pathPattern(template: string): RegExp {
  const segments = template
    .replace(/\/+$/, '')
    .split(/\{[^}]+\}/)
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Express routes case-insensitively and ignores one trailing slash.
  return new RegExp(`^${segments.join('[^/]+')}/?$`, 'i');
}

function documentedPaths(document: OpenAPIObject): DocumentedPath[] {
  return Object.entries(document.paths).map(([template, pathItem]) => {
    const methods: string[] = HTTP_METHODS.filter((method) => pathItem[method] !== undefined);
    // Express answers HEAD for every GET route; OPTIONS is the CORS middleware's.
    if (methods.includes('get')) methods.push('head');
    methods.push('options');
    return {
      pattern: pathPattern(template),
      allow: methods.map((method) => method.toUpperCase()),
    };
  });
}

/**
 * Answers 405 METHOD_NOT_ALLOWED, with the Allow header RFC 9110 requires, to a method the
 * contract does not document on a path it does document (Nest alone would answer 404, as if the
 * path did not exist). Paths outside the contract are left to the router. Register it after the
 * body parsers (a malformed body answers 400 first) and before the routes.
 */
export function rejectUndocumentedMethods(contract: () => OpenAPIObject): RequestHandler {
  let paths: DocumentedPath[] | undefined; // read on the first request, once every route exists
  return (request: Request, response: Response, next: NextFunction): void => {
    paths ??= documentedPaths(contract());
    const documented = paths.find(({ pattern }) => pattern.test(request.path));
    if (!documented || documented.allow.includes(request.method.toUpperCase())) {
      next();
      return;
    }
    response.setHeader('Allow', documented.allow.join(', '));
    next(
      new ApiHttpException(
        405,
        ErrorCode.METHOD_NOT_ALLOWED,
        `${request.method} is not allowed on ${request.path}; use ${documented.allow.join(', ')}`,
      ),
    );
  };
}
