import { registerDecorator, type ValidationArguments } from 'class-validator';
import { InvalidWaitlistValueError } from '../domain/waitlist.errors.js';

type Parser = (input: string) => unknown;

/** The domain's message for `value`, or undefined when the domain accepts it. */
function violationOf(parse: Parser, value: unknown, property: string): string | undefined {
  const text = value ?? ''; // absent: the domain's "required" message
  if (typeof text !== 'string') return `${property} must be a string`;
  try {
    parse(text);
    return undefined;
  } catch (error) {
    if (error instanceof InvalidWaitlistValueError) return error.message;
    throw error;
  }
}

/**
 * Validates a property with the domain's own parser, so the request answers exactly the domain's
 * messages (those of the shared test vectors) and every invalid field is reported at once.
 */
export function SatisfiesDomainRule(parse: Parser): PropertyDecorator {
  return (target, propertyKey) => {
    registerDecorator({
      name: 'satisfiesDomainRule',
      target: target.constructor,
      propertyName: String(propertyKey),
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          violationOf(parse, value, args.property) === undefined,
        defaultMessage: (args: ValidationArguments) =>
          violationOf(parse, args.value, args.property) ?? '',
      },
    });
  };
}
