/**
 * Base class of every business-rule violation. Plain TypeScript on purpose: the domain knows
 * nothing about HTTP. A controller translates a DomainError into an HTTP exception, keeping its
 * stable `code`, which clients may switch on.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}
