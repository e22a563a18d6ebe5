import { BadRequestException, type ValidationError } from '@nestjs/common';

/** A 400 carrying the first message of each invalid field, keyed by its path (`address.city`). */
export class RequestValidationException extends BadRequestException {
  constructor(readonly fieldErrors: Readonly<Record<string, string>>) {
    super('Validation failed');
  }
}

function collectFieldErrors(
  errors: readonly ValidationError[],
  parentPath: string,
  into: Record<string, string>,
): Record<string, string> {
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    const [firstMessage] = Object.values(error.constraints ?? {});
    if (firstMessage !== undefined && !(path in into)) into[path] = firstMessage;
    collectFieldErrors(error.children ?? [], path, into);
  }
  return into;
}

/** The ValidationPipe's exceptionFactory: class-validator's tree flattened to a field map. */
export function toRequestValidationException(
  errors: readonly ValidationError[],
): RequestValidationException {
  return new RequestValidationException(collectFieldErrors(errors, '', {}));
}
