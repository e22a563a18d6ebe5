import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy, type ValidationArguments } from 'class-validator';

/**
 * Decorators for query-string DTOs. A query parameter arrives as a string, as an array when it is
 * repeated (`a=1&a=2`) or as an object (`a[$ne]=1` with an extended parser): each rule below says
 * in one message what the parameter must be ("page must be an integer between 1 and 100"), and a
 * parameter that must appear once says so when repeated. The rules run in the order listed
 * (`stopAtFirstError`), so a repeated parameter gets the "given once" message, not a type error.
 */

/** One rule with the message the API answers, `<parameter> <message>`. */
export function QueryRule(
  name: string,
  validate: (value: unknown) => boolean,
  message: string,
): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate,
      defaultMessage: (args?: ValidationArguments) => `${args?.property ?? 'value'} ${message}`,
    },
  });
}

/** The parameter appears once, as plain text (not repeated, not nested). */
export const GivenOnce = () =>
  QueryRule(
    'givenOnce',
    (value) => typeof value === 'string' || typeof value === 'number',
    'must be given once',
  );

function documented(options: ApiPropertyOptions, ...rules: PropertyDecorator[]): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional(options), IsOptional(), ...rules);
}

/** A whole number within [min, max], written with digits only; the DTO's field is a number. */
export function QueryInteger(options: {
  min: number;
  max: number;
  default?: number;
  description?: string;
}): PropertyDecorator {
  const { min, max, ...rest } = options;
  return documented(
    { type: 'integer', minimum: min, maximum: max, ...rest },
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value,
    ),
    GivenOnce(),
    QueryRule(
      'integerBetween',
      (value) =>
        typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max,
      `must be an integer between ${min} and ${max}`,
    ),
  );
}

/** One of a fixed list of words, given once. */
export function QueryOneOf(
  values: readonly string[],
  options: { default?: string; description?: string } = {},
): PropertyDecorator {
  return documented(
    { enum: [...values], ...options },
    GivenOnce(),
    QueryRule(
      'oneOf',
      (value) => typeof value === 'string' && values.includes(value),
      `must be one of ${values.join(', ')}`,
    ),
  );
}

/**
 * Any of a fixed list of words, repeated (`status=a&status=b`) or comma-separated
 * (`status=a,b`); the DTO's field is the list without repeats.
 */
export function QueryList(
  values: readonly string[],
  options: { description?: string } = {},
): PropertyDecorator {
  return documented(
    { enum: [...values], isArray: true, ...options },
    Transform(({ value }: { value: unknown }) => {
      const items = (Array.isArray(value) ? value : [value]).flatMap((item: unknown) =>
        typeof item === 'string' ? item.split(',') : [item],
      );
      return [...new Set(items)];
    }),
    QueryRule(
      'someOf',
      (value) =>
        Array.isArray(value) &&
        value.length > 0 &&
        value.every((item) => typeof item === 'string' && values.includes(item)),
      `must be one or more of ${values.join(', ')}`,
    ),
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, YYYY-MM-DD, that exists (no 30 February); the DTO's field stays the text. */
export function QueryDay(options: { description?: string } = {}): PropertyDecorator {
  return documented(
    { type: 'string', format: 'date', ...options },
    GivenOnce(),
    QueryRule(
      'day',
      (value) => {
        if (typeof value !== 'string' || !DAY.test(value)) return false;
        const day = startOfDay(value);
        return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
      },
      'must be a date like 2026-11-23',
    ),
  );
}

/** Midnight (UTC) of a day QueryDay accepted. */
export const startOfDay = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
