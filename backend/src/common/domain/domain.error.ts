/**
 * Base class of every business-rule violation. Plain TypeScript on purpose: the domain knows
 * nothing about HTTP. Each module's status table (presentation/<feature>.error-statuses.ts), read
 * by the DomainErrorFilter, translates a DomainError into an HTTP answer keeping its stable
 * `code`, which clients may switch on.
 *
 * An error whose code and message never vary declares them once, through {@link describedError},
 * which gives the class static `CODE` and `MESSAGE` (see {@link DescribedDomainError}): the API
 * documentation and the HTTP mapping read them from the class instead of copying the texts.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A DomainError class with a fixed code and message, readable without an instance. */
export interface DescribedDomainError {
  readonly CODE: string;
  readonly MESSAGE: string;
}

/**
 * The base of an error whose code and message never vary, declared once:
 * `export class InviteExpiredError extends describedError('INVITE_EXPIRED', 'This invite…') {}`.
 */
export function describedError<const Code extends string>(code: Code, message: string) {
  return class extends DomainError {
    static readonly CODE: Code = code;
    static readonly MESSAGE: string = message;
    readonly code: Code = code;

    constructor(options?: ErrorOptions) {
      super(message, options);
    }
  };
}

/**
 * The request's fields broke domain rules: one message per field, the text shown under it.
 * Every module's DomainErrorFilter answers it as 400 VALIDATION_FAILED with that field map, the
 * same body as a DTO's validation failure.
 */
export abstract class InvalidFieldsError extends DomainError {
  constructor(
    readonly fieldErrors: Readonly<Partial<Record<string, string>>>,
    message = 'Validation failed',
  ) {
    super(message);
  }
}
