/**
 * Why handing a message to a provider (an SMTP server, an SMS provider) failed. `permanent`: the
 * provider refused the message itself, and would refuse it again; otherwise (connection refused
 * or lost, a timeout, a temporary refusal) a later attempt may succeed. Each port names its own
 * subclass.
 */
export abstract class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}
