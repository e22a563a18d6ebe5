import { registerDecorator, type ValidationArguments } from 'class-validator';
import { DomainError } from '../../common/domain/domain.error.js';

type Parser = (input: string) => unknown;

/** The domain's message for `value`, or undefined when the domain accepts it. */
function violationOf(parse: Parser, value: unknown, property: string): string | undefined {
  if (value === undefined || value === null) return `${property} is required`;
  if (typeof value !== 'string') return `${property} must be a string`;
  try {
    parse(value);
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

/**
 * Validates a property with the brands domain's own parser, so the request answers the domain's
 * messages under the field's name (400 VALIDATION_FAILED, `errors.<field>`).
 */
export function SatisfiesBrandRule(parse: Parser): PropertyDecorator {
  return (target, propertyKey) => {
    registerDecorator({
      name: 'satisfiesBrandRule',
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
