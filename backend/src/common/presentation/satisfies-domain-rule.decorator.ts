import { registerDecorator, type ValidationArguments } from 'class-validator';
import { DomainError } from '../domain/domain.error.js';

/** A domain parser: returns the value object, or throws a DomainError saying what is wrong. */
export type DomainParser = (input: string) => unknown;

export interface DomainRuleOptions {
  /**
   * What an absent (undefined or null) value answers: `parse-empty` hands the parser an empty
   * string, so the domain's own "required" message is the answer (the waitlist's fields, whose
   * messages are the shared test vectors'); `required` answers "<field> is required".
   */
  readonly whenAbsent?: 'parse-empty' | 'required';
}

/** The domain's message for `value`, or undefined when the domain accepts it. */
function violationOf(
  parse: DomainParser,
  value: unknown,
  property: string,
  whenAbsent: NonNullable<DomainRuleOptions['whenAbsent']>,
): string | undefined {
  const absent = value === undefined || value === null;
  if (absent && whenAbsent === 'required') return `${property} is required`;
  const text = absent ? '' : value;
  if (typeof text !== 'string') return `${property} must be a string`;
  try {
    parse(text);
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

/**
 * Validates a request property with the domain's own parser, so the request answers exactly the
 * domain's messages under the field's name (400 VALIDATION_FAILED, `errors.<field>`) and every
 * invalid field is reported at once. Any feature's DTOs use it:
 *
 *   @SatisfiesDomainRule((input) => EmailAddress.parse(input))
 *   readonly email!: string;
 */
export function SatisfiesDomainRule(
  parse: DomainParser,
  { whenAbsent = 'parse-empty' }: DomainRuleOptions = {},
): PropertyDecorator {
  return (target, propertyKey) => {
    registerDecorator({
      name: 'satisfiesDomainRule',
      target: target.constructor,
      propertyName: String(propertyKey),
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          violationOf(parse, value, args.property, whenAbsent) === undefined,
        defaultMessage: (args: ValidationArguments) =>
          violationOf(parse, args.value, args.property, whenAbsent) ?? '',
      },
    });
  };
}
